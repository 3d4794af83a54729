/**
 * Prints how long the built server takes from spawn to /readyz on an empty database (migrations
 * and seed) and on a copy of the template database (what every `startServer()` of a browser-test
 * run does, decision 0035). Alternates the two, so a busy machine weighs on both alike.
 *
 *   BUILD_DIR=build-mine node_modules/.bin/node tests/support/measure-server-start.ts [rounds]
 */
import { startServer, TEMPLATE_BUILD_DIR_ENV, TEMPLATE_DATABASE_ENV } from "./server.ts";
import { createTemplateDatabase } from "./template-database.ts";

const rounds = Number(process.argv[2] ?? 5);
const template = await createTemplateDatabase();
process.env[TEMPLATE_DATABASE_ENV] = template.file;
process.env[TEMPLATE_BUILD_DIR_ENV] = process.env.BUILD_DIR ?? "build";
const times = { empty: [] as number[], copy: [] as number[] };
try {
  for (let round = 0; round < rounds; round++) {
    for (const kind of ["empty", "copy"] as const) {
      const server = await startServer({}, { emptyDatabase: kind === "empty" });
      times[kind].push(server.startMs);
      await server.stop();
    }
  }
} finally {
  template.remove();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(`template made in ${template.freshStartMs} ms (spawn to /readyz, empty database)`);
for (const [kind, values] of Object.entries(times)) {
  console.log(
    `${kind === "empty" ? "empty database   " : "template copy    "}` +
      `median ${median(values)} ms  (${values.join(", ")} ms)`,
  );
}
