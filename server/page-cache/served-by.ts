/** What answered a request, for its log line: filled in by the code that sends the answer. */
export interface ServedBy {
  /**
   * "app": the page cache handed the request to Express (a page rendered for each visitor),
   * whose own request log writes the line.
   */
  cache: "hit" | "miss" | "bypass" | "app";
  bytes: number;
}
