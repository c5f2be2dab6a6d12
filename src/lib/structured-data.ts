// schema.org descriptions of the firm and its pages, for search engines.
import { formatOfficeAddress, site, telHref } from '../site.config.ts';
import { env } from '../env.ts';

const absolute = (path: string) => new URL(path, env.siteUrl).href;

const [opens, closes] = [site.openingHours.opens, site.openingHours.closes];

/** The firm as a LegalService with both offices (home page). */
export function legalServiceJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'LegalService',
    '@id': absolute('/#firm'),
    name: site.name,
    alternateName: site.shortName,
    url: absolute('/'),
    logo: absolute('/favicon.svg'),
    email: site.email.general,
    telephone: telHref(site.phones.local).slice(4),
    foundingDate: String(site.foundedYear),
    areaServed: { '@type': 'Country', name: 'Kenya' },
    sameAs: site.social.map((social) => social.href),
    department: site.offices.map((office) => ({
      '@type': 'LegalService',
      name: `${site.shortName} — ${office.city}`,
      email: office.email,
      telephone: telHref(office.phone).slice(4),
      address: {
        '@type': 'PostalAddress',
        streetAddress: formatOfficeAddress(office),
        postOfficeBoxNumber: office.postalAddress,
        addressLocality: office.city,
        addressCountry: 'KE',
      },
      geo: { '@type': 'GeoCoordinates', latitude: office.geo.latitude, longitude: office.geo.longitude },
      openingHoursSpecification: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens,
        closes,
      },
    })),
  };
}

/** Breadcrumb trail for nested pages, e.g. Services › Employment Law. */
export function breadcrumbJsonLd(trail: readonly { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path),
    })),
  };
}

/** A team member. */
export function personJsonLd(person: { name: string; position: string; description: string }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: person.name,
    jobTitle: person.position,
    description: person.description,
    worksFor: { '@id': absolute('/#firm') },
  };
}

/**
 * JSON that is safe inside an HTML `<script>` element: `<`, `>` and `&` are
 * escaped, so text such as `</script>` in an article cannot end the element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
