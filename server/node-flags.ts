/**
 * The Node options the production server runs with (package.json `start`, the Dockerfile's CMD,
 * and the test and benchmark servers of tests/support/). server/node-flags.test.ts checks that
 * every launcher passes them. Decision 0017 has the measurements.
 *
 * --max-semi-space-size=16: V8 sizes its young generation from the heap limit, which it derives
 * from the machine's memory: on a 24 GB machine each of its two semi-spaces may grow to 64 MB,
 * and a server answering tens of thousands of requests a second (every one leaving short-lived
 * garbage) grows them to the full 128 MB and keeps it resident, for garbage that dies within
 * milliseconds. 16 MB (Node's default for years) holds the same garbage between scavenges, which
 * stay short because almost nothing survives them.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16"] as const;
