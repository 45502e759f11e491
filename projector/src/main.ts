// Production projector: the single active projector (others stand by on the advisory lock).
import { readSettingsOrExit } from '@mathdaily/api-kit';
import { startProjectorService } from './projector-service.ts';

const settings = readSettingsOrExit('projector');
const service = await startProjectorService({
  databaseUrl: settings.databaseUrl!,
  eventStoreUrl: settings.eventStoreUrl,
  log: (line) => console.log(line),
});
console.log(`projector: running from position ${service.projector.checkpoint}`);

const stop = async () => {
  await service.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
