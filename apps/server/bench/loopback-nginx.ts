// deploy/nginx.conf as the compose file mounts it, run on loopback (Debian's nginx) in front
// of the given platform processes: the benchmarks of the multi-process deployment use the
// very configuration a deployment does.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../test/platform-processes.ts';

export const NGINX = '/usr/sbin/nginx';

/** Starts nginx listening on `port`, its upstream the processes on `upstream` ports. */
export function startLoopbackNginx(options: {
  work: string;
  upstream: readonly number[];
  port: number;
}): ChildProcess {
  const servers = options.upstream
    .map((port) => `    server 127.0.0.1:${port} max_fails=0;`)
    .join('\n');
  const conf = fs
    .readFileSync(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8')
    .replace(/(upstream meridian \{\n)(?:\s*server [^\n]*\n)+/, `$1${servers}\n`)
    .replace('listen 8080;', `listen 127.0.0.1:${options.port};\n    access_log off;`);
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
