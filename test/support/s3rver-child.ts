/**
 * The S3 test server as a process of its own (so a test can SIGSTOP it):
 * s3rver on 127.0.0.1, files in argv[3]. Prints `listening <port>` once up.
 * Credentials: S3RVER / S3RVER; signatures are checked.
 */
import S3rver from 's3rver';

const [port, directory] = [Number(process.argv[2] ?? 0), process.argv[3]];
if (!directory) throw new Error('usage: s3rver-child.ts <port> <directory>');
// s3rver's file store races with itself when requests for one key arrive together (the
// retries a SIGSTOP held back, all let go at SIGCONT): a temp file renamed twice is an
// unhandled stream error. A real store answers 500 and carries on; so does this one.
process.on('uncaughtException', (err) => process.stderr.write(`s3rver: ${err.message}\n`));
const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true });
const { port: bound } = await server.run();
process.stdout.write(`listening ${bound}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
