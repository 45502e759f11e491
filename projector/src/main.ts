// Production projector: the single active projector (others stand by on the advisory lock), and
// with it the mail reactor.
import { createLogger, lineLogger, readSettingsOrExit, stopOnSignals } from '@mathdaily/api-kit';
import { startProjectorService } from './projector-service.ts';

const settings = readSettingsOrExit('projector');
const logger = createLogger('projector');
const service = await startProjectorService({
  databaseUrl: settings.databaseUrl!,
  eventStoreUrl: settings.eventStoreUrl,
  log: lineLogger(logger),
  // The product's one mailer runs in the active projector (docs/projector.md, "Reactors").
  mail: { publicUrl: settings.publicUrl, secret: settings.jwtSecret!, dataDir: settings.dataDir, smtpUrl: settings.smtpUrl, from: settings.mailFrom },
  // Metrics and health probes only; no API.
  endpoints: { port: settings.port, host: settings.host },
  databaseConnections: settings.databaseConnections,
});
logger.info(`projector: running from position ${service.projector.checkpoint}`);

// The batch in hand is finished and committed, then the lock is given back: a standby takes over at once.
stopOnSignals(logger, () => service.stop());
