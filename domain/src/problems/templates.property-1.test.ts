import { runPropertySuite, shard } from './testing/property-suite.ts';

runPropertySuite('shard 1 of 4', shard(0, 4));
