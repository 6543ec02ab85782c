import { AssignmentsCard } from '../../features/assignments/components/assignments-card';
import { LeadDashboard } from '../../features/lead-dashboard/components/lead-dashboard';
import { TeamTab } from '../../features/team/components/team-tab';
import { TeamLeadsCard } from '../../features/team-leads/components/team-leads-card';

/**
 * The lead dashboard with its team tab: the team's sections, then the Client-Editor
 * Assignments card and the Client Team Leads card with the team's client team leads.
 */
export function LeadDashboardScreen({ initialTab }: { initialTab?: string }) {
  return (
    <LeadDashboard
      initialTab={initialTab}
      teamTab={(search) => (
        <TeamTab
          search={search}
          cards={(teamLeads) => (
            <>
              <AssignmentsCard />
              <TeamLeadsCard teamLeads={teamLeads} />
            </>
          )}
        />
      )}
    />
  );
}
