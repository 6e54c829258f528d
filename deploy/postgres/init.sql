-- Distributed mode (deploy/compose.yaml): one PostgreSQL server, one database per stateful service.
-- Run once by the postgres image on an empty data volume (/docker-entrypoint-initdb.d), as the
-- superuser. Each service gets its own role that can reach only its own database, so services talk
-- only through their gRPC contracts, never through each other's tables (docs/architecture.md).
-- The passwords are for a local stack only; compose.yaml's RONDO_<SERVICE>_DATABASE_URL must match.
-- Each service's schema is made by its own Alembic migrations when it starts, not here.

CREATE ROLE booking LOGIN PASSWORD 'booking';
CREATE ROLE league LOGIN PASSWORD 'league';
CREATE ROLE gateway LOGIN PASSWORD 'gateway';

CREATE DATABASE booking OWNER booking;
CREATE DATABASE league OWNER league;
CREATE DATABASE gateway OWNER gateway;

REVOKE ALL ON DATABASE booking FROM PUBLIC;
REVOKE ALL ON DATABASE league FROM PUBLIC;
REVOKE ALL ON DATABASE gateway FROM PUBLIC;

-- Room bookings are kept from overlapping by EXCLUDE USING gist (room WITH =, tstzrange(...) WITH &&),
-- which needs btree_gist for the "room WITH =" part (docs/architecture.md "Data").
\connect booking
CREATE EXTENSION IF NOT EXISTS btree_gist;
