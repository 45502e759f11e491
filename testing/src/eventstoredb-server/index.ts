export { startEventStoreDbTestServer, type EventStoreDbTestServer } from './server.ts';
export { makeTestCertificates } from './certificates.ts';
