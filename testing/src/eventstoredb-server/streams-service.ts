import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import * as grpc from '@grpc/grpc-js';
import type { ReadReq, ReadResp as ReadRespType, BatchAppendReq, AppendReq } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import {
  EXPECTED_ANY,
  EXPECTED_NO_STREAM,
  EXPECTED_STREAM_EXISTS,
  hiddenFromAll,
  type EventLog,
  type LogEvent,
  type ProposedEvent,
  type WriteOutcome,
} from './log.ts';
import { anyPb, emptyPb, sharedPb, statusPb, streamsPb, timestampPb } from './proto.ts';

/*
 * Streams (event_store.client.streams.Streams): Read, Append and BatchAppend as EventStoreDB
 * 24.10 serves them (Streams.Read.cs, Streams.Append.cs, Streams.BatchAppend.cs and the
 * enumerators in Services/Transport/Enumerators). Delete, Tombstone and subscriptions to a
 * single stream are not modelled: the adapter does not use them.
 */

const { ReadResp, AppendResp, BatchAppendResp } = streamsPb;
const Options = streamsPb.ReadReq.Options;

/** Enumerator.ReadBatchSize: a filtered subscription's default search window, and its checkpoint unit. */
const READ_BATCH_SIZE = 32;
/** Enumerator.MaxLiveEventBufferCount: a live subscription this far behind falls back to catching up. */
const LIVE_BUFFER = 32;
/** google.rpc.Code values carried in BatchAppend errors. */
const ALREADY_EXISTS = 6;
const INVALID_ARGUMENT = 3;

type Position = { commit: bigint; prepare: bigint };
const before = (event: LogEvent, position: Position) => event.position < position.commit || (event.position === position.commit && event.position < position.prepare);

export interface ReadSeen {
  stream: string;
  requiresLeader: boolean;
  subscription: boolean;
  /** Where it started: 'start', 'end', a revision, or a $all commit position. */
  from: string;
  /** Events sent so far. */
  sent: number;
}

export interface StreamsServiceContext {
  log: EventLog;
  /** Every Read call as the server saw it (newest last), for tests that check what the client asked. */
  reads: ReadSeen[];
  /** Live subscriptions: each entry ends its subscription with an error status. */
  subscriptions: Set<(code: grpc.status) => void>;
  /** Checks credentials; returns the error to answer with, if any. */
  authorize(metadata: grpc.Metadata): grpc.ServerErrorResponse | undefined;
}

function fail(code: grpc.status, details: string, exception?: Record<string, string>): grpc.ServerErrorResponse {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(exception ?? {})) metadata.set(key, value);
  return Object.assign(new Error(details), { code, details, metadata });
}

const utf8 = new TextDecoder();
const streamName = (identifier: { getStreamName_asU8(): Uint8Array } | undefined) => utf8.decode(identifier?.getStreamName_asU8() ?? new Uint8Array());

function streamIdentifier(name: string) {
  const identifier = new sharedPb.StreamIdentifier();
  identifier.setStreamName(new TextEncoder().encode(name));
  return identifier;
}

function parseUuid(uuid: InstanceType<typeof sharedPb.UUID> | undefined): string {
  let text: string;
  if (uuid?.hasStructured()) {
    const hex = (value: string) => (BigInt(value) & ((1n << 64n) - 1n)).toString(16).padStart(16, '0');
    const most = hex(uuid.getStructured()!.getMostSignificantBits());
    const least = hex(uuid.getStructured()!.getLeastSignificantBits());
    text = `${most.slice(0, 8)}-${most.slice(8, 12)}-${most.slice(12)}-${least.slice(0, 4)}-${least.slice(4)}`;
  } else {
    text = uuid?.getString() ?? '';
  }
  // The server parses it into a Guid: anything else fails the call; the Guid prints in lower case.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)) throw fail(grpc.status.INVALID_ARGUMENT, `Invalid event id '${text}'`);
  return text.toLowerCase();
}

function toUuid(id: string, structured: boolean) {
  const uuid = new sharedPb.UUID();
  if (!structured) {
    uuid.setString(id);
    return uuid;
  }
  const hex = id.replaceAll('-', '');
  const signed = (part: string) => BigInt.asIntN(64, BigInt(`0x${part}`)).toString();
  const value = new sharedPb.UUID.Structured();
  value.setMostSignificantBits(signed(hex.slice(0, 16)));
  value.setLeastSignificantBits(signed(hex.slice(16)));
  uuid.setStructured(value);
  return uuid;
}

function toReadResp(event: LogEvent, structuredIds: boolean): ReadRespType {
  const recorded = new ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(toUuid(event.id, structuredIds));
  recorded.setStreamIdentifier(streamIdentifier(event.streamId));
  recorded.setStreamRevision(event.revision.toString());
  recorded.setCommitPosition(event.position.toString());
  recorded.setPreparePosition(event.position.toString());
  recorded.getMetadataMap().set('type', event.type);
  recorded.getMetadataMap().set('created', event.created.toString());
  recorded.getMetadataMap().set('content-type', event.contentType);
  recorded.setData(event.data);
  recorded.setCustomMetadata(event.metadata);
  const readEvent = new ReadResp.ReadEvent();
  readEvent.setEvent(recorded);
  readEvent.setCommitPosition(event.position.toString());
  const response = new ReadResp();
  response.setEvent(readEvent);
  return response;
}

function checkpointResp(position: bigint): ReadRespType {
  const checkpoint = new ReadResp.Checkpoint();
  checkpoint.setCommitPosition(position.toString());
  checkpoint.setPreparePosition(position.toString());
  checkpoint.setTimestamp(timestampPb.Timestamp.fromDate(new Date()));
  const response = new ReadResp();
  response.setCheckpoint(checkpoint);
  return response;
}

function caughtUpResp(position: bigint | undefined): ReadRespType {
  const caughtUp = new ReadResp.CaughtUp();
  caughtUp.setTimestamp(timestampPb.Timestamp.fromDate(new Date()));
  if (position !== undefined) {
    const at = new ReadResp.Position();
    at.setCommitPosition(position.toString());
    at.setPreparePosition(position.toString());
    caughtUp.setPosition(at);
  }
  const response = new ReadResp();
  response.setCaughtUp(caughtUp);
  return response;
}

/** A server-side filter (EventFilter.cs). On $all every filter also applies the default one. */
function filterOf(options: InstanceType<typeof Options>): { allows: (event: LogEvent) => boolean; checkpointInterval: number } | undefined {
  if (options.getFilterOptionCase() !== Options.FilterOptionCase.FILTER) return undefined;
  const filter = options.getFilter()!;
  const onStream = filter.getFilterCase() === Options.FilterOptions.FilterCase.STREAM_IDENTIFIER;
  const expression = onStream ? filter.getStreamIdentifier() : filter.getEventType();
  if (!expression) throw fail(grpc.status.INVALID_ARGUMENT, 'Invalid filter');
  const regex = expression.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const prefixes = expression.getPrefixList();
  const window = filter.getWindowCase() === Options.FilterOptions.WindowCase.MAX ? filter.getMax() : READ_BATCH_SIZE;
  const multiplier = filter.getCheckpointintervalmultiplier();
  if (multiplier === 0) throw fail(grpc.status.INVALID_ARGUMENT, 'checkpointIntervalMultiplier must be greater than 0');
  return {
    allows: (event) => {
      const subject = onStream ? event.streamId : event.type;
      return regex ? regex.test(subject) : prefixes.some((prefix) => subject.startsWith(prefix));
    },
    checkpointInterval: multiplier * window,
  };
}

export function streamsService(context: StreamsServiceContext): grpc.UntypedServiceImplementation {
  const { log } = context;
  const sentTo = new WeakMap<object, ReadSeen>();

  /** Writes with the stream's back-pressure; false once the call is gone. */
  async function send(call: grpc.ServerWritableStream<ReadReq, ReadRespType>, message: ReadRespType, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return false;
    if (message.hasEvent()) sentTo.get(call)!.sent += 1;
    if (!call.write(message)) await once(call, 'drain', { signal }).catch(() => undefined);
    return !signal.aborted;
  }

  async function readStream(call: grpc.ServerWritableStream<ReadReq, ReadRespType>, options: InstanceType<typeof Options>, signal: AbortSignal) {
    const name = streamName(options.getStream()!.getStreamIdentifier());
    const stream = log.stream(name);
    const structured = options.getUuidOption()!.getContentCase() === Options.UUIDOption.ContentCase.STRUCTURED;
    const compatibility = options.getControlOption()?.getCompatibility() ?? 0;
    if (!stream) {
      const notFound = new ReadResp.StreamNotFound();
      notFound.setStreamIdentifier(streamIdentifier(name));
      const response = new ReadResp();
      response.setStreamNotFound(notFound);
      await send(call, response, signal);
      return;
    }
    const streamOptions = options.getStream()!;
    const Case = Options.StreamOptions.RevisionOptionCase;
    const last = stream.length - 1;
    const forwards = options.getReadDirection() === Options.ReadDirection.FORWARDS;
    const requested = streamOptions.getRevisionOptionCase() === Case.REVISION ? BigInt(streamOptions.getRevision()) : undefined;
    let count = BigInt(options.getCount());
    if (forwards) {
      // END reads forwards from the end: nothing.
      const from = streamOptions.getRevisionOptionCase() === Case.END ? last + 1 : Number(requested ?? 0n);
      // ReadStreamForwards, compatibility 1: an empty first page tells the next event number (last + 1:
      // nothing is ever truncated here) unless the read started there.
      if (compatibility >= 1 && from > last && from !== last + 1) {
        const response = new ReadResp();
        response.setFirstStreamPosition(String(last + 1));
        if (!(await send(call, response, signal))) return;
      }
      for (let index = from; index <= last && count > 0n; index += 1, count -= 1n) {
        if (!(await send(call, toReadResp(stream[index]!, structured), signal))) return;
      }
    } else {
      const from = streamOptions.getRevisionOptionCase() === Case.START ? 0 : Math.min(last, Number(requested ?? BigInt(last)));
      for (let index = from; index >= 0 && count > 0n; index -= 1, count -= 1n) {
        if (!(await send(call, toReadResp(stream[index]!, structured), signal))) return;
      }
    }
    if (compatibility >= 1) {
      const response = new ReadResp();
      response.setLastStreamPosition(String(last));
      await send(call, response, signal);
    }
  }

  function allPosition(options: InstanceType<typeof Options>): 'start' | 'end' | Position {
    const all = options.getAll()!;
    const Case = Options.AllOptions.AllOptionCase;
    if (all.getAllOptionCase() === Case.START) return 'start';
    if (all.getAllOptionCase() === Case.END) return 'end';
    const position = all.getPosition()!;
    return { commit: BigInt(position.getCommitPosition()), prepare: BigInt(position.getPreparePosition()) };
  }

  async function readAll(call: grpc.ServerWritableStream<ReadReq, ReadRespType>, options: InstanceType<typeof Options>, signal: AbortSignal) {
    const structured = options.getUuidOption()!.getContentCase() === Options.UUIDOption.ContentCase.STRUCTURED;
    const filter = filterOf(options);
    const from = allPosition(options);
    let count = BigInt(options.getCount());
    const wanted = (event: LogEvent) => !hiddenFromAll(event) && (!filter || filter.allows(event));
    if (options.getReadDirection() === Options.ReadDirection.FORWARDS) {
      // Inclusive: the event at the position asked for comes first.
      let index = from === 'start' ? 0 : from === 'end' ? log.length : log.indexAtOrAfter(from.commit);
      if (typeof from === 'object') while (index < log.length && before(log.at(index)!, from)) index += 1;
      for (; index < log.length && count > 0n; index += 1) {
        const event = log.at(index)!;
        if (!wanted(event)) continue;
        if (!(await send(call, toReadResp(event, structured), signal))) return;
        count -= 1n;
      }
    } else {
      // Backwards from a position: the events before it (positions there are ends of records).
      let index = from === 'end' ? log.length - 1 : from === 'start' ? -1 : log.indexAtOrAfter(from.commit) - 1;
      if (typeof from === 'object') while (index + 1 < log.length && before(log.at(index + 1)!, from)) index += 1;
      for (; index >= 0 && count > 0n; index -= 1) {
        const event = log.at(index)!;
        if (!wanted(event)) continue;
        if (!(await send(call, toReadResp(event, structured), signal))) return;
        count -= 1n;
      }
    }
  }

  /**
   * A subscription to $all (Enumerator.AllSubscription / AllSubscriptionFiltered): confirmation,
   * the events after the position asked for (exclusive), a checkpoint every `checkpointInterval`
   * events considered (filtered subscriptions only), a checkpoint and `caughtUp` each time it
   * reaches the end of the log, then live events. One cursor serves catch-up and live alike; a
   * subscriber that falls more than LIVE_BUFFER events behind while live is "catching up" again,
   * so it gets another `caughtUp` when it reaches the end (fellBehind is not sent to clients).
   */
  async function subscribeToAll(call: grpc.ServerWritableStream<ReadReq, ReadRespType>, options: InstanceType<typeof Options>, signal: AbortSignal) {
    const structured = options.getUuidOption()!.getContentCase() === Options.UUIDOption.ContentCase.STRUCTURED;
    const filter = filterOf(options);
    const from = allPosition(options);
    const confirmation = new ReadResp.SubscriptionConfirmation();
    confirmation.setSubscriptionId(randomUUID());
    const confirmed = new ReadResp();
    confirmed.setConfirmation(confirmation);
    if (!(await send(call, confirmed, signal))) return;

    let index = 0;
    let checkpoint: bigint | undefined;
    if (from === 'end') {
      index = log.length;
      checkpoint = log.lastPosition >= 0n ? log.lastPosition : undefined;
    } else if (from !== 'start') {
      index = log.indexAtOrAfter(from.commit);
      while (index < log.length && (before(log.at(index)!, from) || log.at(index)!.position === from.commit)) index += 1;
      checkpoint = from.commit;
    }
    let considered = 0;
    let live = false;
    while (!signal.aborted) {
      if (index >= log.length) {
        if (!live) {
          if (filter && checkpoint !== undefined && !(await send(call, checkpointResp(checkpoint), signal))) return;
          if (!(await send(call, caughtUpResp(checkpoint), signal))) return;
          live = true;
        }
        await log.nextWrite(signal);
        continue;
      }
      if (live && log.length - index > LIVE_BUFFER) live = false;
      const event = log.at(index)!;
      index += 1;
      if (hiddenFromAll(event)) continue;
      checkpoint = event.position;
      if (!filter || filter.allows(event)) {
        if (!(await send(call, toReadResp(event, structured), signal))) return;
      }
      if (filter && ++considered >= filter.checkpointInterval) {
        considered = 0;
        if (!(await send(call, checkpointResp(event.position), signal))) return;
      }
    }
  }

  function read(call: grpc.ServerWritableStream<ReadReq, ReadRespType>) {
    const controller = new AbortController();
    call.on('cancelled', () => controller.abort());
    call.on('close', () => controller.abort());
    const run = async () => {
      const denied = context.authorize(call.metadata);
      if (denied) throw denied;
      const options = call.request.getOptions();
      if (!options?.hasUuidOption()) throw fail(grpc.status.INVALID_ARGUMENT, "Required argument 'uuidOption' was not provided.");
      const onAll = options.getStreamOptionCase() === Options.StreamOptionCase.ALL;
      const subscription = options.getCountOptionCase() === Options.CountOptionCase.SUBSCRIPTION;
      const from = onAll ? allPosition(options) : options.getStream()!;
      const seen: ReadSeen = {
        stream: onAll ? '$all' : streamName(options.getStream()?.getStreamIdentifier()),
        requiresLeader: call.metadata.get('requires-leader')[0] === 'true',
        subscription,
        from:
          typeof from === 'string' ? from
          : 'commit' in from ? String(from.commit)
          : from.hasRevision() ? from.getRevision()
          : from.hasEnd() ? 'end'
          : 'start',
        sent: 0,
      };
      context.reads.push(seen);
      sentTo.set(call, seen);
      if (context.reads.length > 10_000) context.reads.splice(0, 5_000);
      if (!onAll && !subscription) return readStream(call, options, controller.signal);
      if (onAll && !subscription) return readAll(call, options, controller.signal);
      if (onAll && options.getReadDirection() === Options.ReadDirection.FORWARDS) {
        const drop = (code: grpc.status) => {
          controller.abort();
          call.emit('error', fail(code, 'Subscription dropped by the test server'));
        };
        context.subscriptions.add(drop);
        try {
          return await subscribeToAll(call, options, controller.signal);
        } finally {
          context.subscriptions.delete(drop);
        }
      }
      throw fail(grpc.status.UNIMPLEMENTED, 'The test server does not model this kind of read (subscriptions to a single stream).');
    };
    run().then(
      () => {
        if (!controller.signal.aborted) call.end();
      },
      (error: unknown) => {
        if (!controller.signal.aborted) call.emit('error', error);
      },
    );
  }

  /** Collects a proposed message as the server checks it (type and content-type are required). */
  function proposed(message: InstanceType<typeof AppendReq.ProposedMessage> | InstanceType<typeof BatchAppendReq.ProposedMessage>): ProposedEvent {
    const metadata = message.getMetadataMap();
    for (const key of ['type', 'content-type']) {
      if (!metadata.get(key)) {
        throw fail(grpc.status.INVALID_ARGUMENT, `Required metadata property '${key}' is missing`, {
          exception: 'missing-required-metadata-property',
          'required-metadata-properties': 'type,content-type',
        });
      }
    }
    return {
      id: parseUuid(message.getId()),
      type: metadata.get('type')!,
      contentType: metadata.get('content-type')!,
      data: message.getData_asU8(),
      metadata: message.getCustomMetadata_asU8(),
    };
  }

  function append(call: grpc.ServerReadableStream<AppendReq, InstanceType<typeof AppendResp>>, callback: grpc.sendUnaryData<InstanceType<typeof AppendResp>>) {
    let streamId: string | undefined;
    let expected = EXPECTED_ANY;
    let caseOf = 0;
    const events: ProposedEvent[] = [];
    let failed: grpc.ServerErrorResponse | undefined = context.authorize(call.metadata);
    call.on('data', (request: AppendReq) => {
      if (failed) return;
      try {
        if (request.hasOptions()) {
          const options = request.getOptions()!;
          const Case = streamsPb.AppendReq.Options.ExpectedStreamRevisionCase;
          streamId = streamName(options.getStreamIdentifier());
          caseOf = options.getExpectedStreamRevisionCase();
          expected =
            caseOf === Case.REVISION ? BigInt(options.getRevision())
            : caseOf === Case.NO_STREAM ? EXPECTED_NO_STREAM
            : caseOf === Case.STREAM_EXISTS ? EXPECTED_STREAM_EXISTS
            : EXPECTED_ANY;
        } else if (request.hasProposedMessage()) {
          events.push(proposed(request.getProposedMessage()!));
        }
      } catch (error) {
        failed = error as grpc.ServerErrorResponse;
      }
    });
    call.on('end', () => {
      if (failed) return callback(failed);
      if (streamId === undefined) return callback(fail(grpc.status.INVALID_ARGUMENT, 'The first message must carry the options'));
      const outcome = log.write(streamId, expected, events);
      const response = new AppendResp();
      if (outcome.kind === 'wrong-expected-version') {
        const wrong = new AppendResp.WrongExpectedVersion();
        const Case = streamsPb.AppendReq.Options.ExpectedStreamRevisionCase;
        if (caseOf === Case.REVISION) wrong.setExpectedRevision(expected.toString());
        else if (caseOf === Case.NO_STREAM) wrong.setExpectedNoStream(new sharedPb.Empty());
        else if (caseOf === Case.STREAM_EXISTS) wrong.setExpectedStreamExists(new sharedPb.Empty());
        else wrong.setExpectedAny(new sharedPb.Empty());
        if (outcome.currentRevision < 0n) wrong.setCurrentNoStream(new sharedPb.Empty());
        else wrong.setCurrentRevision(outcome.currentRevision.toString());
        response.setWrongExpectedVersion(wrong);
      } else {
        const success = new AppendResp.Success();
        if (outcome.lastRevision < 0n) success.setNoStream(new sharedPb.Empty());
        else success.setCurrentRevision(outcome.lastRevision.toString());
        const position = new AppendResp.Position();
        position.setCommitPosition(outcome.position.toString());
        position.setPreparePosition(outcome.position.toString());
        success.setPosition(position);
        response.setSuccess(success);
      }
      callback(null, response);
    });
  }

  /** One BatchAppend response (Streams.BatchAppend.cs: errors are google.rpc.Status with packed details). */
  function batchResponse(correlationId: InstanceType<typeof sharedPb.UUID>, streamId: string, outcome: WriteOutcome, expected: bigint) {
    const response = new BatchAppendResp();
    response.setCorrelationId(correlationId);
    response.setStreamIdentifier(streamIdentifier(streamId));
    if (outcome.kind === 'wrong-expected-version') {
      const details = new sharedPb.WrongExpectedVersion();
      if (outcome.currentRevision < 0n) details.setCurrentNoStream(new emptyPb.Empty());
      else details.setCurrentStreamRevision(outcome.currentRevision.toString());
      if (expected === EXPECTED_ANY) details.setExpectedAny(new emptyPb.Empty());
      else if (expected === EXPECTED_NO_STREAM) details.setExpectedNoStream(new emptyPb.Empty());
      else if (expected === EXPECTED_STREAM_EXISTS) details.setExpectedStreamExists(new emptyPb.Empty());
      else details.setExpectedStreamPosition(expected.toString());
      const packed = new anyPb.Any();
      packed.pack(details.serializeBinary(), 'event_store.client.WrongExpectedVersion');
      const status = new statusPb.Status();
      status.setCode(ALREADY_EXISTS);
      status.setMessage('WrongExpectedVersion');
      status.setDetails(packed);
      response.setError(status);
      return response;
    }
    const success = new BatchAppendResp.Success();
    if (outcome.lastRevision < 0n) success.setNoStream(new emptyPb.Empty());
    else success.setCurrentRevision(outcome.lastRevision.toString());
    const position = new sharedPb.AllStreamPosition();
    position.setCommitPosition(outcome.position.toString());
    position.setPreparePosition(outcome.position.toString());
    success.setPosition(position);
    response.setSuccess(success);
    return response;
  }

  function badRequest(correlationId: InstanceType<typeof sharedPb.UUID> | undefined, streamId: string, message: string) {
    const details = new sharedPb.BadRequest();
    details.setMessage(message);
    const packed = new anyPb.Any();
    packed.pack(details.serializeBinary(), 'event_store.client.BadRequest');
    const status = new statusPb.Status();
    status.setCode(INVALID_ARGUMENT);
    status.setMessage('BadRequest');
    status.setDetails(packed);
    const response = new BatchAppendResp();
    if (correlationId) response.setCorrelationId(correlationId);
    response.setStreamIdentifier(streamIdentifier(streamId));
    response.setError(status);
    return response;
  }

  /**
   * Appends multiplexed on one long-lived call, told apart by correlation id: the first message of
   * each carries the options, the last one `is_final`. Answers in the order writes complete.
   */
  function batchAppend(call: grpc.ServerDuplexStream<BatchAppendReq, InstanceType<typeof BatchAppendResp>>) {
    const denied = context.authorize(call.metadata);
    if (denied) {
      call.emit('error', denied);
      return;
    }
    const pending = new Map<string, { streamId: string; expected: bigint; events: ProposedEvent[] }>();
    call.on('data', (request: BatchAppendReq) => {
      const correlation = request.getCorrelationId();
      const key = correlation?.getString() ?? JSON.stringify(correlation?.toObject());
      const options = request.getOptions();
      if (options) {
        const Case = streamsPb.BatchAppendReq.Options.ExpectedStreamPositionCase;
        const caseOf = options.getExpectedStreamPositionCase();
        pending.set(key, {
          streamId: streamName(options.getStreamIdentifier()),
          expected:
            caseOf === Case.STREAM_POSITION ? BigInt(options.getStreamPosition())
            : caseOf === Case.NO_STREAM ? EXPECTED_NO_STREAM
            : caseOf === Case.STREAM_EXISTS ? EXPECTED_STREAM_EXISTS
            : EXPECTED_ANY,
          events: [],
        });
      }
      const write = pending.get(key);
      if (!write || !correlation) return;
      try {
        for (const message of request.getProposedMessagesList()) write.events.push(proposed(message));
      } catch (error) {
        pending.delete(key);
        call.write(badRequest(correlation, write.streamId, (error as Error).message));
        return;
      }
      if (!request.getIsFinal()) return;
      pending.delete(key);
      call.write(batchResponse(correlation, write.streamId, log.write(write.streamId, write.expected, write.events), write.expected));
    });
    call.on('end', () => call.end());
    call.on('error', () => undefined);
  }

  return { read, append, batchAppend };
}
