import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * A real CalDAV server for tests: Debian's radicale (`apt-get install -y radicale`), started on
 * a free loopback port with a temporary storage folder and plain htpasswd users, so a wrong
 * password is refused as a real server would. Ready when it says so on its log, never by waiting.
 */

export interface Radicale {
  baseUrl: string;
  /** Creates a calendar collection and returns its URL. */
  makeCalendar(user: string, password: string, name: string): Promise<string>;
  /** Stores (or replaces) one iCalendar object in a collection. */
  putEvent(
    collectionUrl: string,
    user: string,
    password: string,
    name: string,
    ics: string,
  ): Promise<void>;
  deleteEvent(collectionUrl: string, user: string, password: string, name: string): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

async function expectOk(response: Response, what: string) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
}

export async function startRadicale(users: Record<string, string>): Promise<Radicale> {
  const folder = await mkdtemp(join(tmpdir(), "radicale-"));
  const usersFile = join(folder, "users");
  await writeFile(
    usersFile,
    Object.entries(users)
      .map(([u, p]) => `${u}:${p}\n`)
      .join(""),
  );
  const port = await freePort();
  const child: ChildProcess = spawn(
    "radicale",
    [
      "--config=",
      `--server-hosts=127.0.0.1:${port}`,
      `--storage-filesystem-folder=${join(folder, "collections")}`,
      "--auth-type=htpasswd",
      `--auth-htpasswd-filename=${usersFile}`,
      "--auth-htpasswd-encryption=plain",
      "--logging-level=info",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Radicale server ready")) resolve();
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`radicale stopped (${code}): ${log}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    async makeCalendar(user, password, name) {
      const url = `${baseUrl}/${user}/${name}/`;
      const response = await fetch(url, {
        method: "MKCALENDAR",
        headers: { authorization: basic(user, password) },
      });
      await expectOk(response, "MKCALENDAR");
      return url;
    },
    async putEvent(collectionUrl, user, password, name, ics) {
      const response = await fetch(`${collectionUrl}${name}.ics`, {
        method: "PUT",
        headers: { authorization: basic(user, password), "content-type": "text/calendar" },
        body: ics,
      });
      await expectOk(response, "PUT");
    },
    async deleteEvent(collectionUrl, user, password, name) {
      const response = await fetch(`${collectionUrl}${name}.ics`, {
        method: "DELETE",
        headers: { authorization: basic(user, password) },
      });
      await expectOk(response, "DELETE");
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}
