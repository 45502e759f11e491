// Tries bench/web.ts by hand against a running product with demo accounts, e.g.
//   npm run build && DATA_DIR=/tmp/webbench-data PORT=3990 node launcher/dist/main.js
//   npx tsx bench/web-check.ts http://localhost:3990
import { DEMO_ACCOUNTS } from '@mathdaily/domain';
import { measureFirstProblemMs, measureWebJsGzipKb } from './web.ts';

const baseUrl = process.argv[2] ?? 'http://localhost:3990';
const student = DEMO_ACCOUNTS.find((account) => account.role === 'student');
if (!student) throw new Error('no demo student account');

console.log('landing JS, kB gzip:', await measureWebJsGzipKb(new URL('../web/dist', import.meta.url).pathname));
console.log('Start Practice → first problem, ms:', await measureFirstProblemMs(baseUrl, { email: student.email, password: student.password }));
