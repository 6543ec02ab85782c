import { peopleCounts } from '@domain/people';

/** The king's first steps, each done or not from the agency's own data (issue 17). */
export type FirstRunStep = 'people' | 'assignments' | 'prices';

export interface FirstRunFacts {
  /** Everyone's role (GET /api/king/users). */
  roles: readonly string[];
  /** How many client-editor pairs exist (GET /api/assignments). */
  assignments: number;
  /** Every video type's default price and every plan rule's price (king's pricing calls). */
  prices: readonly string[];
}

/**
 * Which steps are done: people once there is an editor (or lead editor) and a client; the
 * assignments once one client has an editor; prices once any price is above zero (a fresh
 * database has every type at 0.00).
 */
export function firstRunDone(facts: FirstRunFacts): Record<FirstRunStep, boolean> {
  const counts = peopleCounts(facts.roles.map((role) => ({ role })));
  return {
    people: counts.allEditors > 0 && counts.clients > 0,
    assignments: facts.assignments > 0,
    // Prices are never negative: any digit other than 0 in the text means above zero (no
    // floating point, and no domain/money here, which would bring zod into the dashboard).
    prices: facts.prices.some((p) => /[1-9]/.test(p)),
  };
}
