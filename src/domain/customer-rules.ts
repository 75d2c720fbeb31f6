import type { Problem } from './errors.ts';

interface WithRoles {
  roles?: readonly string[];
}

/**
 * The people rule (docs/behaviour.md, section 5): exactly one person holds the role `applicant`, and that
 * person is also a `director` and a `guarantor`. Other directors, shareholders and guarantors may
 * be added. Problems point at /data/people.
 */
export function checkPeople(people: readonly WithRoles[]): Problem[] {
  const applicants = people.map((person, index) => ({ index, roles: person.roles ?? [] })).filter((p) => p.roles.includes('applicant'));
  const source = { pointer: '/data/people' };
  if (applicants.length !== 1) {
    return [
      {
        detail: `must contain exactly one person with the role applicant (found ${applicants.length})`,
        source,
      },
    ];
  }
  const [applicant] = applicants;
  const missing = ['director', 'guarantor'].filter((role) => !applicant.roles.includes(role));
  if (missing.length > 0) {
    return [
      {
        detail: `the applicant (people/${applicant.index}) must also hold the roles director and guarantor (missing: ${missing.join(', ')})`,
        source,
      },
    ];
  }
  return [];
}
