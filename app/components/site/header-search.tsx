import { useRef } from "react";
import { Form } from "react-router";
import { MAX_QUERY_LENGTH } from "~/modules/search/search-query";
import { type IconProps, LineIcon } from "./illustrations/line-icon";
import { useDisclosure } from "./use-disclosure";

export const SEARCH_PATH = "/search";

export function SearchIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13z" />
      <path d="M15.5 15.5L20 20" />
    </LineIcon>
  );
}

/**
 * The header's search (issue 29): a native disclosure holding a GET form to /search, so it opens
 * and searches without JavaScript; scripts add Escape, outside press and closing on navigation.
 * A button-sized icon at every width, so the header keeps its one row at 360 px.
 */
export function HeaderSearch() {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const { onToggle } = useDisclosure(details, summary);
  return (
    <details ref={details} className="group" onToggle={onToggle}>
      <summary
        ref={summary}
        className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg text-navy-950 hover:bg-stone-100 [&::-webkit-details-marker]:hidden"
      >
        <SearchIcon className="h-5 w-5" />
        <span className="sr-only">Search the site</span>
      </summary>
      <div className="absolute inset-x-0 top-full border-b border-stone-200 bg-paper shadow-lift">
        <Form
          method="get"
          action={SEARCH_PATH}
          role="search"
          aria-label="Site"
          className="mx-auto flex max-w-3xl gap-2 px-4 py-4 sm:px-6"
        >
          <label htmlFor="header-search-q" className="sr-only">
            Search articles, resources, services, jobs and tools
          </label>
          <input
            id="header-search-q"
            type="search"
            name="q"
            required
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Search the site"
            className="min-w-0 flex-1 rounded-control border border-stone-300 bg-card px-3 py-2 text-base text-stone-900"
          />
          <button
            type="submit"
            className="rounded-control bg-navy-900 px-4 py-2 font-semibold text-paper hover:bg-navy-700"
          >
            Search
          </button>
        </Form>
      </div>
    </details>
  );
}
