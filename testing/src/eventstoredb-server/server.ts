/*
 * A TEST-ONLY model of an EventStoreDB 24.10 LTS node that speaks its gRPC protocol, for the
 * EventStoreDB adapter's tests (never imported by production code). It serves the service
 * definitions that ship with @kurrent/kurrentdb-client with @grpc/grpc-js on 127.0.0.1.
 *
 * What it models, after the server's own code (kurrent-io/KurrentDB, tag v24.10.x):
 * - Streams.Append and Streams.BatchAppend: expected revisions (any, no_stream, stream_exists,
 *   exact), wrong-expected-version answers with the current revision, and idempotency by event id
 *   as IndexWriter.CheckCommit decides it (log.ts).
 * - Streams.Read: a stream forwards/backwards from a revision with a count (StreamNotFound,
 *   compatibility-1 first/last stream positions); $all forwards (inclusive) and backwards
 *   (exclusive) from a position, with or without an event-type / stream-name filter (prefixes or
 *   a regex); `$epoch-information` hidden from $all as DefaultAllFilter hides it.
 * - Subscriptions to $all from start, end or a position (exclusive), filtered or not:
 *   confirmation, checkpoints every `checkpointIntervalMultiplier × window` considered events
 *   (window 32 unless `max` is given) and at each catch-up's end, `caughtUp` (23.10+ servers send
 *   it), live delivery with the gRPC stream's back-pressure.
 * - Commit/prepare positions: each event one implicitly committed record, both positions the
 *   record's byte offset (unique, increasing, not consecutive). `firstPosition` can start the log
 *   beyond 2^53.
 * - System events the node writes itself: `$epoch-information` at every start, `$settings` and
 *   `$$$scavenges` ($metadata) on the first start, `$statsCollected` in `$stats-127.0.0.1:PORT`
 *   every `statsPeriodMs` if set; `writeSystemEvent` adds more.
 * - ServerFeatures.GetSupportedMethods (it advertises exactly the methods served here, so the
 *   client uses BatchAppend as it does against a real node), Gossip.Read (one alive leader, so
 *   cluster and `+discover` connection strings work), `requires-leader` (always satisfied: this
 *   node is the leader; every Read is recorded in `reads`), TLS and basic authentication.
 * - Controls for fault tests: stop() and restart() on the same port keeping the log (clients must
 *   reconnect), dropSubscriptions().
 *
 * What it does not model: clustering, leader election, followers and read-only replicas
 * (NotLeader redirects), replication and "idempotent but not yet replicated" writes, ACLs and
 * users (one set of credentials or none), stream metadata ($maxAge, $tb, soft delete), deletes and
 * tombstones, explicit transactions, persistent subscriptions, subscriptions to a single stream,
 * projections (and so no `$et-`/`$ce-` link events), link resolution, scavenging, the HTTP API,
 * size limits, deadlines, the committed-events cache's limited size, and durability (the log is
 * in memory, kept across stop/restart inside one process).
 */
import * as grpc from '@grpc/grpc-js';
import type { Empty } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import { EventLog, type LogEvent } from './log.ts';
import { gossipGrpc, gossipPb, serverFeaturesGrpc, serverFeaturesPb, sharedPb, streamsGrpc } from './proto.ts';
import { streamsService, type ReadSeen } from './streams-service.ts';

export interface EventStoreDbTestServerOptions {
  /** Port to listen on (default: a free one). */
  port?: number;
  /** Version the node reports in ServerFeatures (default 24.10.0). */
  version?: string;
  /** Offset of the first record (default 0). */
  firstPosition?: bigint;
  /** PEM certificate and key: serve TLS (clients then connect with `tls=true&tlsCAFile=…`). */
  tls?: { cert: Buffer; key: Buffer };
  /** Require these credentials on every Streams call (basic authentication). */
  credentials?: { username: string; password: string };
  /** Write a `$statsCollected` event this often, as a node does every 30 s (default: never). */
  statsPeriodMs?: number;
}

export interface EventStoreDbTestServer {
  readonly port: number;
  /** `esdb://127.0.0.1:PORT?tls=false` (with TLS: `esdb://localhost:PORT`, to be completed with tlsCAFile). */
  readonly url: string;
  /** Every Read call so far (stream or '$all', whether it required the leader, whether it subscribed). */
  readonly reads: ReadSeen[];
  /** The log itself: what is stored, for tests that check what a client left behind. */
  readonly log: EventLog;
  /** Closes every connection at once, as a crashed or stopped node does. The log stays. */
  stop(): Promise<void>;
  /** Listens again on the same port with the same log (a new epoch, as a node writes at start). */
  restart(): Promise<void>;
  /** Ends every live subscription with `code` (default UNAVAILABLE). */
  dropSubscriptions(code?: grpc.status): void;
  /** Writes an event as the node writes its own, without any check. */
  writeSystemEvent(streamId: string, type: string, data?: unknown): LogEvent;
  /** Stops for good. */
  close(): Promise<void>;
}

const SUPPORTED = [
  ...Object.values(streamsGrpc.StreamsService).filter((method) => /\/(Read|Append|BatchAppend)$/.test(method.path)),
  serverFeaturesGrpc.ServerFeaturesService.getSupportedMethods,
  gossipGrpc.GossipService.read,
];

function supportedMethods(version: string) {
  const methods = new serverFeaturesPb.SupportedMethods();
  methods.setEventStoreServerVersion(version);
  for (const method of SUPPORTED) {
    const [, service, name] = method.path.split('/') as [string, string, string];
    const supported = new serverFeaturesPb.SupportedMethod();
    supported.setServiceName(service.toLowerCase());
    supported.setMethodName(name.toLowerCase());
    // As ServerFeatures.cs tags them.
    if (name === 'Read') supported.setFeaturesList(['position', 'events']);
    if (name === 'BatchAppend') supported.setFeaturesList(['deadline_duration']);
    methods.addMethods(supported);
  }
  return methods;
}

function bind(server: grpc.Server, port: number, credentials: grpc.ServerCredentials): Promise<number> {
  return new Promise((resolve, reject) => server.bindAsync(`127.0.0.1:${port}`, credentials, (error, bound) => (error ? reject(error) : resolve(bound))));
}

export async function startEventStoreDbTestServer(options: EventStoreDbTestServerOptions = {}): Promise<EventStoreDbTestServer> {
  const log = new EventLog(options.firstPosition ?? 0n);
  const reads: ReadSeen[] = [];
  const subscriptions = new Set<(code: grpc.status) => void>();
  let epoch = 0;
  const instanceId = crypto.randomUUID();
  const version = options.version ?? '24.10.0';
  const credentials = options.tls
    ? grpc.ServerCredentials.createSsl(null, [{ cert_chain: options.tls.cert, private_key: options.tls.key }], false)
    : grpc.ServerCredentials.createInsecure();
  const expectedAuthorization = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`
    : undefined;

  const authorize = (metadata: grpc.Metadata): grpc.ServerErrorResponse | undefined => {
    if (!expectedAuthorization) return undefined;
    const given = metadata.get('authorization')[0];
    if (given === expectedAuthorization) return undefined;
    // Wrong credentials: 401 from the authentication middleware; none: the anonymous user may not.
    const [code, details, exception] = given
      ? [grpc.status.UNAUTHENTICATED, 'Bad credentials', undefined]
      : [grpc.status.PERMISSION_DENIED, 'Access Denied', 'access-denied'];
    const trailers = new grpc.Metadata();
    if (exception) trailers.set('exception', exception);
    return Object.assign(new Error(details), { code, details, metadata: trailers });
  };

  let port = options.port ?? 0;
  let server: grpc.Server | undefined;
  let statsTimer: NodeJS.Timeout | undefined;

  const listen = async () => {
    const next = new grpc.Server();
    next.addService(streamsGrpc.StreamsService, streamsService({ log, reads, subscriptions, authorize }));
    next.addService(serverFeaturesGrpc.ServerFeaturesService, {
      getSupportedMethods: (_call: grpc.ServerUnaryCall<Empty, unknown>, callback: grpc.sendUnaryData<unknown>) => callback(null, supportedMethods(version)),
    });
    next.addService(gossipGrpc.GossipService, {
      read: (_call: grpc.ServerUnaryCall<Empty, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const endpoint = new gossipPb.EndPoint();
        endpoint.setAddress(options.tls ? 'localhost' : '127.0.0.1');
        endpoint.setPort(port);
        const id = new sharedPb.UUID();
        id.setString(instanceId);
        const member = new gossipPb.MemberInfo();
        member.setInstanceId(id);
        member.setTimeStamp(String(BigInt(Date.now()) * 10_000n));
        member.setState(gossipPb.MemberInfo.VNodeState.LEADER);
        member.setIsAlive(true);
        member.setHttpEndPoint(endpoint);
        const info = new gossipPb.ClusterInfo();
        info.setMembersList([member]);
        callback(null, info);
      },
    });
    port = await bind(next, port, credentials);
    server = next;
    // A node writes a new epoch each time it becomes leader; the stats stream exists once it is named.
    log.writeSystemEvent('$epoch-information', '$epoch-information', { epochNumber: epoch++, leaderInstanceId: instanceId });
    if (options.statsPeriodMs) {
      statsTimer = setInterval(() => log.writeSystemEvent(`$stats-127.0.0.1:${port}`, '$statsCollected', { 'proc-id': process.pid }), options.statsPeriodMs);
    }
  };

  const stop = async () => {
    clearInterval(statsTimer);
    statsTimer = undefined;
    const current = server;
    server = undefined;
    current?.forceShutdown();
  };

  log.writeSystemEvent('$settings', '$settings', { $userStreamAcl: { $r: '$all', $w: '$all' }, $systemStreamAcl: { $r: '$admins', $w: '$admins' } });
  log.writeSystemEvent('$$$scavenges', '$metadata', { $maxAge: 2_592_000 });
  await listen();

  return {
    get port() {
      return port;
    },
    get url() {
      return options.tls ? `esdb://localhost:${port}` : `esdb://127.0.0.1:${port}?tls=false`;
    },
    reads,
    log,
    stop,
    async restart() {
      await stop();
      await listen();
    },
    dropSubscriptions(code = grpc.status.UNAVAILABLE) {
      for (const drop of [...subscriptions]) drop(code);
    },
    writeSystemEvent: (streamId, type, data = {}) => log.writeSystemEvent(streamId, type, data),
    close: stop,
  };
}
