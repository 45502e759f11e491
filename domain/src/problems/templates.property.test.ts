import { runPropertySuite } from './testing/property-suite.ts';

// Every template over PROPERTY_SEEDS seeds (1,000 in npm test, 10,000 for the long run): see testing/template-properties.ts.
runPropertySuite();
