// deploy/nginx.conf as the compose file mounts it, run on loopback (Debian's nginx) in front
// of the given platform processes: the tests and benchmarks of a deployment behind nginx
// use the very configuration a deployment does.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { repoRoot } from './platform-processes.ts';

export const NGINX = '/usr/sbin/nginx';

/**
 * Starts nginx listening on `port`, its upstream the processes on `upstream` ports. With
 * `tls`, it listens with TLS and HTTP/2 (the way a public deployment serves), on a
 * certificate made for 127.0.0.1 in `work`, which no browser trusts: for loopback only.
 */
export function startLoopbackNginx(options: {
  work: string;
  upstream: readonly number[];
  port: number;
  tls?: boolean;
}): ChildProcess {
  const servers = options.upstream
    .map((port) => `    server 127.0.0.1:${port} max_fails=0;`)
    .join('\n');
  const certificate = options.tls ? selfSignedCertificate(options.work) : null;
  const listen = certificate
    ? `listen 127.0.0.1:${options.port} ssl http2;\n` +
      `    ssl_certificate ${certificate.cert};\n` +
      `    ssl_certificate_key ${certificate.key};`
    : `listen 127.0.0.1:${options.port};`;
  const conf = fs
    .readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8')
    .replace(/(upstream meridian \{\n)(?:\s*server [^\n]*\n)+/, `$1${servers}\n`)
    .replace('listen 8080;', `${listen}\n    access_log off;`);
  if (!conf.includes(`127.0.0.1:${options.upstream[0]}`)) {
    throw new Error('deploy/nginx.conf: no upstream block to point at loopback');
  }
  const file = path.join(options.work, 'nginx.conf');
  fs.writeFileSync(file, conf);
  return spawn(
    NGINX,
    [
      '-p',
      options.work,
      '-c',
      file,
      '-g',
      `daemon off; pid ${options.work}/nginx.pid; error_log ${options.work}/nginx-error.log;`,
    ],
    { stdio: 'inherit' },
  );
}

/** A throwaway certificate and key for 127.0.0.1 (openssl), written in `dir`. */
function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const files = { cert: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem') };
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      files.key,
      '-out',
      files.cert,
    ],
    { stdio: 'ignore' },
  );
  return files;
}

/**
 * The body of a 200 answer from the loopback TLS proxy at `url`, trusting its throwaway
 * certificate (and nothing else's); asked again until nginx, started in the background,
 * listens and answers.
 */
export async function loopbackTlsAnswer(url: string): Promise<string> {
  for (;;) {
    const answer = await new Promise<{ status: number; text: string } | null>((resolve) => {
      https
        .get(url, { rejectUnauthorized: false }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        })
        .on('error', () => resolve(null));
    });
    if (answer?.status === 200) return answer.text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
