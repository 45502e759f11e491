// Worker thread for the template property test: checks a list of templates off the main test
// thread, so the property test uses two cores even when vitest runs a single worker.
// Plain JavaScript because a worker cannot load TypeScript by itself; tsx loads the modules.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { checkTemplate } = await tsImport('./template-properties.ts', import.meta.url);
const { getTemplate } = await tsImport('../templates.ts', import.meta.url);

const results = new Map();
for (const id of workerData.ids) {
  const template = getTemplate(id);
  results.set(id, template ? checkTemplate(template, workerData.seeds) : [`unknown template ${id}`]);
}
parentPort.postMessage(results);
