import { Link } from "react-router";
import { container, HeroEnd, primaryButton, secondaryButton } from "./ui";

/** "Page Not Found" with the ways on (spec section 2): home, services, contact, Report Issue. */
export function NotFoundView() {
  return (
    <section className={`${container} py-24 text-center sm:py-32`}>
      <p className="text-base font-semibold text-blue-700">404</p>
      <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        Page Not Found
      </h1>
      <p className="mx-auto mt-6 max-w-xl text-lg text-slate-600">
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
      <p className="mt-10 text-slate-600">
        Think this is a mistake?{" "}
        <Link className="font-medium text-blue-700 underline" to="/contact">
          Report Issue
        </Link>
      </p>
      <HeroEnd />
    </section>
  );
}
