// Hrana over HTTP's request bodies in Protobuf (HRANA_3_SPEC, "Protobuf schema"; sqld's
// libsql-server/src/hrana/http/proto.rs), read with @bufbuild/protobuf's wire reader into the
// JSON encoding's objects, which the contract's schemas then validate and the pipeline runner
// runs, as for /v3/pipeline and /v3/cursor. Unknown fields are skipped (the spec's forward
// compatibility); a message with no member of its oneof set becomes an object without `type`,
// which the schemas refuse.
import { BinaryReader, WireType } from '@bufbuild/protobuf/wire';

/** Deeper batch conditions are refused before their schema sees them (the JSON reader's limit: engine/json-depth.ts). */
const MAX_CONDITION_DEPTH = 100;

/** A body that is not Hrana's Protobuf. */
export class ProtobufBodyError extends Error {}

type Json = Record<string, unknown>;

/** Reads the fields of the message that ends at `end`, calling `field` for each. */
function fields(r: BinaryReader, end: number, field: (no: number, wireType: WireType) => boolean | undefined): void {
  while (r.pos < end) {
    const [no, wireType] = r.tag();
    if (!field(no, wireType)) r.skip(wireType, no);
  }
  if (r.pos !== end) throw new ProtobufBodyError('a message runs past its end');
}

/** The end of the length-delimited message at the reader's position. */
function messageEnd(r: BinaryReader, wireType: WireType): number {
  if (wireType !== WireType.LengthDelimited) throw new ProtobufBodyError(`expected a message, found wire type ${wireType}`);
  const length = r.uint32();
  if (r.pos + length > r.len) throw new ProtobufBodyError('a message runs past the end of the body');
  return r.pos + length;
}

function value(r: BinaryReader, end: number): Json {
  let read: Json = {};
  fields(r, end, (no, wireType) => {
    if (no === 1 && wireType === WireType.LengthDelimited) {
      r.skip(wireType, no);
      read = { type: 'null' };
    } else if (no === 2 && wireType === WireType.Varint) read = { type: 'integer', value: String(r.sint64()) };
    else if (no === 3 && wireType === WireType.Bit64) read = { type: 'float', value: r.double() };
    else if (no === 4 && wireType === WireType.LengthDelimited) read = { type: 'text', value: r.string() };
    else if (no === 5 && wireType === WireType.LengthDelimited) read = { type: 'blob', base64: Buffer.from(r.bytes()).toString('base64') };
    else return false;
    return true;
  });
  return read;
}

function stmt(r: BinaryReader, end: number): Json {
  const read: Json = { args: [], named_args: [] };
  fields(r, end, (no, wireType) => {
    if (no === 1 && wireType === WireType.LengthDelimited) read.sql = r.string();
    else if (no === 2 && wireType === WireType.Varint) read.sql_id = r.int32();
    else if (no === 3) (read.args as Json[]).push(value(r, messageEnd(r, wireType)));
    else if (no === 4) {
      const arg: Json = {};
      fields(r, messageEnd(r, wireType), (inner, innerType) => {
        if (inner === 1 && innerType === WireType.LengthDelimited) arg.name = r.string();
        else if (inner === 2) arg.value = value(r, messageEnd(r, innerType));
        else return false;
        return true;
      });
      (read.named_args as Json[]).push(arg);
    } else if (no === 5 && wireType === WireType.Varint) read.want_rows = r.bool();
    else return false;
    return true;
  });
  return read;
}

function condition(r: BinaryReader, end: number, depth: number): Json {
  if (depth > MAX_CONDITION_DEPTH) throw new ProtobufBodyError(`batch conditions are nested deeper than ${MAX_CONDITION_DEPTH} levels`);
  let read: Json = {};
  const list = (listEnd: number) => {
    const conds: Json[] = [];
    fields(r, listEnd, (no, wireType) => {
      if (no !== 1) return false;
      conds.push(condition(r, messageEnd(r, wireType), depth + 1));
      return true;
    });
    return conds;
  };
  fields(r, end, (no, wireType) => {
    if (no === 1 && wireType === WireType.Varint) read = { type: 'ok', step: r.uint32() };
    else if (no === 2 && wireType === WireType.Varint) read = { type: 'error', step: r.uint32() };
    else if (no === 3) read = { type: 'not', cond: condition(r, messageEnd(r, wireType), depth + 1) };
    else if (no === 4) read = { type: 'and', conds: list(messageEnd(r, wireType)) };
    else if (no === 5) read = { type: 'or', conds: list(messageEnd(r, wireType)) };
    else if (no === 6 && wireType === WireType.LengthDelimited) {
      r.skip(wireType, no);
      read = { type: 'is_autocommit' };
    } else return false;
    return true;
  });
  return read;
}

function batch(r: BinaryReader, end: number): Json {
  const steps: Json[] = [];
  fields(r, end, (no, wireType) => {
    if (no !== 1) return false;
    const step: Json = {};
    fields(r, messageEnd(r, wireType), (inner, innerType) => {
      if (inner === 1) step.condition = condition(r, messageEnd(r, innerType), 1);
      else if (inner === 2) step.stmt = stmt(r, messageEnd(r, innerType));
      else return false;
      return true;
    });
    steps.push(step);
    return true;
  });
  return { steps };
}

/** `sql` and `sql_id` of sequence and describe. */
function sqlSource(r: BinaryReader, end: number, type: string): Json {
  const read: Json = { type };
  fields(r, end, (no, wireType) => {
    if (no === 1 && wireType === WireType.LengthDelimited) read.sql = r.string();
    else if (no === 2 && wireType === WireType.Varint) read.sql_id = r.int32();
    else return false;
    return true;
  });
  return read;
}

function streamRequest(r: BinaryReader, end: number): Json {
  let read: Json = {};
  fields(r, end, (no, wireType) => {
    const inner = messageEnd(r, wireType);
    /** A request with no fields (close, get_autocommit). */
    const empty = (type: string): Json => {
      fields(r, inner, () => false);
      return { type };
    };
    switch (no) {
      case 1:
        read = empty('close');
        break;
      case 2:
        read = { type: 'execute' };
        fields(r, inner, (field, type) => (field === 1 ? ((read.stmt = stmt(r, messageEnd(r, type))), true) : false));
        break;
      case 3:
        read = { type: 'batch' };
        fields(r, inner, (field, type) => (field === 1 ? ((read.batch = batch(r, messageEnd(r, type))), true) : false));
        break;
      case 4:
        read = sqlSource(r, inner, 'sequence');
        break;
      case 5:
        read = sqlSource(r, inner, 'describe');
        break;
      case 6:
        read = { type: 'store_sql' };
        fields(r, inner, (field, type) => {
          if (field === 1 && type === WireType.Varint) read.sql_id = r.int32();
          else if (field === 2 && type === WireType.LengthDelimited) read.sql = r.string();
          else return false;
          return true;
        });
        // proto3 scalars: absent is the default.
        read.sql_id ??= 0;
        read.sql ??= '';
        break;
      case 7:
        read = { type: 'close_sql' };
        fields(r, inner, (field, type) => (field === 1 && type === WireType.Varint ? ((read.sql_id = r.int32()), true) : false));
        read.sql_id ??= 0;
        break;
      case 8:
        read = empty('get_autocommit');
        break;
      default:
        r.pos = inner;
    }
    return true;
  });
  return read;
}

function reading<T>(bytes: Uint8Array, read: (r: BinaryReader) => T): T {
  const r = new BinaryReader(bytes);
  try {
    return read(r);
  } catch (error) {
    if (error instanceof ProtobufBodyError) throw error;
    throw new ProtobufBodyError((error as Error).message);
  }
}

/** PipelineReqBody { optional string baton = 1; repeated StreamRequest requests = 2; }, as the JSON encoding's object. */
export function readPipelineRequest(bytes: Uint8Array): Json {
  return reading(bytes, (r) => {
    const body: Json = { requests: [] };
    fields(r, r.len, (no, wireType) => {
      if (no === 1 && wireType === WireType.LengthDelimited) body.baton = r.string();
      else if (no === 2) (body.requests as Json[]).push(streamRequest(r, messageEnd(r, wireType)));
      else return false;
      return true;
    });
    return body;
  });
}

/** CursorReqBody { optional string baton = 1; Batch batch = 2; }, as the JSON encoding's object. */
export function readCursorRequest(bytes: Uint8Array): Json {
  return reading(bytes, (r) => {
    const body: Json = {};
    fields(r, r.len, (no, wireType) => {
      if (no === 1 && wireType === WireType.LengthDelimited) body.baton = r.string();
      else if (no === 2) body.batch = batch(r, messageEnd(r, wireType));
      else return false;
      return true;
    });
    return body;
  });
}
