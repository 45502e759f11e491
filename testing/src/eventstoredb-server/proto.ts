import { createRequire } from 'node:module';
import type * as GossipGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/gossip_grpc_pb.js';
import type * as GossipPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/gossip_pb.js';
import type * as ServerFeaturesGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb.js';
import type * as ServerFeaturesPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb.js';
import type * as SharedPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import type * as StatusPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb.js';
import type * as StreamsGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb.js';
import type * as StreamsPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import type * as AnyPb from 'google-protobuf/google/protobuf/any_pb.js';
import type * as EmptyPb from 'google-protobuf/google/protobuf/empty_pb.js';
import type * as TimestampPb from 'google-protobuf/google/protobuf/timestamp_pb.js';

/*
 * The service definitions and message classes that ship with the client (generated from
 * KurrentDB's v1 protocol). They are CommonJS modules that fill `exports` at run time, so they are
 * loaded with require, from the client's own folder: the services' serializers check
 * `instanceof` against these exact classes, so the server must build its messages with them.
 */
const fromClient = createRequire(createRequire(import.meta.url).resolve('@kurrent/kurrentdb-client/package.json'));
const v1 = (name: string) => fromClient(`./generated/kurrentdb/protocols/v1/${name}.js`) as unknown;

export const streamsPb = v1('streams_pb') as typeof StreamsPb;
export const streamsGrpc = v1('streams_grpc_pb') as typeof StreamsGrpc;
export const sharedPb = v1('shared_pb') as typeof SharedPb;
export const statusPb = v1('status_pb') as typeof StatusPb;
export const gossipPb = v1('gossip_pb') as typeof GossipPb;
export const gossipGrpc = v1('gossip_grpc_pb') as typeof GossipGrpc;
export const serverFeaturesPb = v1('serverfeatures_pb') as typeof ServerFeaturesPb;
export const serverFeaturesGrpc = v1('serverfeatures_grpc_pb') as typeof ServerFeaturesGrpc;
export const anyPb = fromClient('google-protobuf/google/protobuf/any_pb.js') as typeof AnyPb;
export const emptyPb = fromClient('google-protobuf/google/protobuf/empty_pb.js') as typeof EmptyPb;
export const timestampPb = fromClient('google-protobuf/google/protobuf/timestamp_pb.js') as typeof TimestampPb;
