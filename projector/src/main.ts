// Production projector: the single active projector (others stand by on the advisory lock).
import { startProjectorService } from './projector-service.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('projector: DATABASE_URL is required (the read-model database).');
  process.exit(1);
}
const service = await startProjectorService({ databaseUrl, eventStoreUrl: process.env.EVENTSTORE_URL, log: (line) => console.log(line) });
console.log(`projector: running from position ${service.projector.checkpoint}`);

const stop = async () => {
  await service.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
