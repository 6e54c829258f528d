# Rondo: one image for every mode (see deploy/README.md).
#   docker build -t rondo .
#   docker run --rm -p 50051:50051 -p 8000:8000 -p 9464:9464 -v rondo-data:/data rondo   # embedded: `rondo up`
#                                                                   (the gateway and the web app on :8000)
#   docker run ... rondo serve league                                            # distributed: one service
# The base image: a full version tag. Pin its digest too when you build (python:3.11.14-slim-bookworm@sha256:...,
# from `docker buildx imagetools inspect python:3.11.14-slim-bookworm`): deploy/README.md "Releasing an image".
ARG PYTHON_IMAGE=python:3.11.14-slim-bookworm

# ---- build: the locked dependencies and Rondo into a virtual environment ----------------------------------
FROM ${PYTHON_IMAGE} AS build

ENV PYTHONDONTWRITEBYTECODE=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

# requirements.lock (pip-compile --generate-hashes from pyproject.toml): every package at one version, each
# file checked against its hash; binary wheels only (grpcio, ortools, psycopg[binary]: no compiler needed).
# setuptools and wheel are in the lock too: Rondo itself builds without fetching anything unhashed.
RUN python -m venv /opt/rondo
COPY requirements.lock /tmp/requirements.lock
RUN /opt/rondo/bin/pip install --require-hashes --only-binary :all: --no-deps -r /tmp/requirements.lock
COPY . /tmp/rondo-src
RUN /opt/rondo/bin/pip install --no-deps --no-build-isolation /tmp/rondo-src

# ---- runtime: the virtual environment, no build tools, no source tree ------------------------------------
FROM ${PYTHON_IMAGE} AS runtime

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/rondo/bin:$PATH

# Non-root, with a numeric id so Kubernetes' runAsNonRoot can verify it.
RUN groupadd --system --gid 10001 rondo \
    && useradd --system --uid 10001 --gid rondo --home-dir /home/rondo --create-home --shell /usr/sbin/nologin rondo \
    && mkdir /data && chown rondo:rondo /data

# Owned by root, read-only to the service user (Kubernetes also mounts the root file system read-only).
COPY --from=build /opt/rondo /opt/rondo

USER 10001:10001
WORKDIR /home/rondo

# In a container the servers must listen on every interface (the default 127.0.0.1 is unreachable
# from outside); embedded mode keeps its SQLite files in /data (mount a volume there).
ENV RONDO_HOST=0.0.0.0 \
    RONDO_PORT=50051 \
    RONDO_METRICS_PORT=9464 \
    RONDO_DATA_DIR=/data

# 50051: gRPC (`rondo up`: the gateway and grpc.health.v1; `rondo serve X`: service X, which needs
# RONDO_INTERNAL_TOKEN when internal; reflection only with RONDO_REFLECTION=1); 8080: the gateway's calendar
# feeds over HTTP (RONDO_CALENDAR_PORT); 8000: the web app `rondo up` runs (RONDO_WEB_PORT; `python -m web`
# in distributed mode); 9464: Prometheus /metrics
EXPOSE 50051 8000 8080 9464

# Overall gRPC health ("" = every service in this process SERVING). compose and Kubernetes use their
# own per-service checks instead. grpc_health_probe is not in the image: grpc_health is.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD python -c "import os,sys,grpc;from grpc_health.v1 import health_pb2 as h,health_pb2_grpc as g;r=g.HealthStub(grpc.insecure_channel('127.0.0.1:'+os.environ.get('RONDO_PORT','50051'))).Check(h.HealthCheckRequest(service=(sys.argv+[''])[1]),timeout=3);sys.exit(r.status!=h.HealthCheckResponse.SERVING)"

ENTRYPOINT ["rondo"]
CMD ["up"]
