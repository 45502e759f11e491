import { runPropertySuite, shard } from './testing/property-suite.ts';

runPropertySuite('shard 4 of 4', shard(3, 4));
