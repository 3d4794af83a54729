import { Link } from "react-router";
import { NotFoundIllustration } from "./illustrations/states";
import { container, eyebrow, HeroEnd, primaryButton, secondaryButton, textLink } from "./ui";

/** "Page Not Found" with the ways on (spec section 2): home, services, contact, Report Issue. */
export function NotFoundView() {
  return (
    <section className={`${container} py-16 text-center sm:py-24`}>
      <NotFoundIllustration className="mx-auto h-auto w-48 sm:w-60" />
      <p className={`mt-6 ${eyebrow}`}>404</p>
      <h1 className="mt-3 font-display text-display-md font-semibold tracking-tight text-navy-950 sm:text-display-lg">
        Page Not Found
      </h1>
      <p className="mx-auto mt-6 max-w-xl text-lead text-stone-600">
        The page you are looking for might have been moved or no longer exists.
      </p>
      <nav aria-label="Helpful links" className="mt-10 flex flex-wrap justify-center gap-4">
        <Link className={primaryButton} to="/">
          Go Home
        </Link>
        <Link className={secondaryButton} to="/services">
          Our Services
        </Link>
        <Link className={secondaryButton} to="/contact">
          Contact Us
        </Link>
      </nav>
      <p className="mt-10 text-stone-600">
        Think this is a mistake?{" "}
        <Link className={textLink} to="/contact">
          Report Issue
        </Link>
      </p>
      <HeroEnd />
    </section>
  );
}
