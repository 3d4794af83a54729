/** What answered a request, for its log line: filled in by the code that sends the answer. */
export interface ServedBy {
  cache: "hit" | "miss" | "bypass";
  bytes: number;
}
