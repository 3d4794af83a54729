/**
 * wrk for load and a private nginx (Debian's) serving the same bytes as the reference, installed
 * when missing: shared by bench/public-pages.ts and the /book benchmarks.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../tests/support/server.ts";
import { print } from "./bench-site.ts";

export function ensureDebianTool(binary: string, pkg: string) {
  if (existsSync(binary)) return;
  print(`Installing ${pkg} from Debian...`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore" });
  execFileSync("apt-get", ["install", "-y", "-qq", pkg], {
    stdio: "ignore",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

export interface Load {
  rps: number;
  p99Ms: number;
  errors: number;
}

/** wrk's figures for one URL: requests per second, p99 latency, errors of any kind. */
export async function wrk(url: string, connections: number, seconds: number): Promise<Load> {
  const out = await new Promise<string>((done, fail) =>
    execFile(
      "wrk",
      ["-t2", `-c${connections}`, `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: gzip", url],
      { encoding: "utf8" },
      (error, stdout) => (error ? fail(error) : done(stdout)),
    ),
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const unit = { us: 0.001, ms: 1, s: 1000 }[(p99?.[2] ?? "ms") as "us" | "ms" | "s"];
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    out,
  );
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors =
    non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { rps, p99Ms: Number(p99?.[1] ?? Number.NaN) * unit, errors };
}

/** A private nginx serving `root` with gzip_static (../shared/machine/services.md). */
export async function startNginx(root: string, dir: string) {
  const port = await freePort();
  writeFileSync(
    join(dir, "nginx.conf"),
    `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  default_type text/html;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn("/usr/sbin/nginx", ["-p", dir, "-c", join(dir, "nginx.conf")], {
    stdio: "ignore",
  });
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGQUIT") };
}

/**
 * Raises the availability version as a booking does (app/modules/commands/
 * availability-version.server.ts, which Node cannot load here because of its `~/` imports).
 */
export const BUMP_AVAILABILITY = `insert into "contentVersion" ("id", "version", "changedAt")
  values ('availability', 1, '${new Date(0).toISOString()}')
  on conflict ("id") do update set "version" = "contentVersion"."version" + 1`;

/** The first admin the benchmarks' servers start with: a consultant with weekday hours. */
export const FIRST_ADMIN_ENV = {
  ADMIN_USERNAME: "owner",
  ADMIN_EMAIL: "owner@bench.example.in",
  ADMIN_PASSWORD: "Saffron-ledger-7731-quay",
};
