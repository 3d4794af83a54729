/**
 * Issue 29: every service area has its own page, `/services/<id>` (the id is the stable slug
 * staff cannot change once a service exists). The overview `/services` keeps an element with
 * each id, so an old `/services#<id>` link still lands (decision 0059).
 */
export const SERVICES_PATH = "/services";

export const servicePath = (id: string) => `${SERVICES_PATH}/${encodeURIComponent(id)}`;
