from rondo.gateway.v1 import calendar_pb2 as _calendar_pb2
from rondo.gateway.v1 import competitions_pb2 as _competitions_pb2
from rondo.gateway.v1 import draws_pb2 as _draws_pb2
from rondo.gateway.v1 import events_pb2 as _events_pb2
from rondo.gateway.v1 import identity_pb2 as _identity_pb2
from rondo.gateway.v1 import mediation_pb2 as _mediation_pb2
from rondo.gateway.v1 import reminders_pb2 as _reminders_pb2
from rondo.gateway.v1 import results_pb2 as _results_pb2
from rondo.gateway.v1 import scheduling_pb2 as _scheduling_pb2
from rondo.gateway.v1 import stages_pb2 as _stages_pb2
from google.protobuf import descriptor as _descriptor
from typing import ClassVar as _ClassVar

DESCRIPTOR: _descriptor.FileDescriptor
