import { runPropertySuite, shard } from './testing/property-suite.ts';

runPropertySuite('shard 2 of 4', shard(1, 4));
