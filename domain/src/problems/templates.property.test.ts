import { runPropertySuite } from './testing/property-suite.ts';

// Every template over ≥ 10,000 seeds (PROPERTY_SEEDS to change): see testing/template-properties.ts.
runPropertySuite();
