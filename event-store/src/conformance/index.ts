export {
  runEventStoreConformance,
  type ConformanceOptions,
  type ConformanceStore,
  type ConformanceTestApi,
} from './conformance.ts';
export {
  checkDelivery,
  makeEvent,
  makeEvents,
  readAllFrom,
  startCollector,
  writeConcurrently,
  type Collector,
  type ConcurrentWriteOptions,
  type ConcurrentWriteResult,
  type DeliveryCheck,
} from './scenario.ts';
