from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Club(_message.Message):
    __slots__ = ("id", "name", "time_zone")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    time_zone: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., time_zone: _Optional[str] = ...) -> None: ...

class Room(_message.Message):
    __slots__ = ("id", "club_id", "name")
    ID_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    id: str
    club_id: str
    name: str
    def __init__(self, id: _Optional[str] = ..., club_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class CreateClubRequest(_message.Message):
    __slots__ = ("name", "time_zone", "idempotency_key")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    name: str
    time_zone: str
    idempotency_key: str
    def __init__(self, name: _Optional[str] = ..., time_zone: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class GetClubRequest(_message.Message):
    __slots__ = ("club_id",)
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    def __init__(self, club_id: _Optional[str] = ...) -> None: ...

class AddRoomRequest(_message.Message):
    __slots__ = ("club_id", "name", "idempotency_key")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    name: str
    idempotency_key: str
    def __init__(self, club_id: _Optional[str] = ..., name: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ListRoomsRequest(_message.Message):
    __slots__ = ("club_id",)
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    def __init__(self, club_id: _Optional[str] = ...) -> None: ...

class ListRoomsResponse(_message.Message):
    __slots__ = ("rooms",)
    ROOMS_FIELD_NUMBER: _ClassVar[int]
    rooms: _containers.RepeatedCompositeFieldContainer[Room]
    def __init__(self, rooms: _Optional[_Iterable[_Union[Room, _Mapping]]] = ...) -> None: ...
