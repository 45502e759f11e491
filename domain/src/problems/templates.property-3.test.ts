import { runPropertySuite, shard } from './testing/property-suite.ts';

runPropertySuite('shard 3 of 4', shard(2, 4));
