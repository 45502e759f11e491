export { startEventStoreDbTestServer, type EventStoreDbTestServer, type EventStoreDbTestServerOptions } from './server.ts';
export { EventLog, type LogEvent } from './log.ts';
export type { ReadSeen } from './streams-service.ts';
export { makeTestCertificates, type TestCertificates } from './certificates.ts';
