import { useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_LEAD_TAB, type LeadTab } from '@domain/lead-dashboard';
import { AssignmentsCard } from '../../features/assignments/components/assignments-card';
import { LeadDashboard } from '../../features/lead-dashboard/components/lead-dashboard';
import { TeamTab } from '../../features/team/components/team-tab';
import { TeamLeadsCard } from '../../features/team-leads/components/team-leads-card';

/**
 * The lead dashboard's tab, in the address so a reload or a shared link keeps it:
 * `/dashboard?tab=posted`; the first tab is plain /dashboard; /dashboard/team (docs/product.md#screens)
 * opens the team tab, and leaving it goes back to /dashboard. A tab change replaces the entry
 * on /dashboard (Back leaves the dashboard rather than walking its tabs). Other parameters
 * (`?video=`, `?client=`) stay.
 */
function useTabInAddress(onTeamPage: boolean) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = onTeamPage ? 'team' : params.get('tab');
  const onTabChange = (next: LeadTab) => {
    if (next === tab) return;
    const search = new URLSearchParams(params);
    search.delete('tab');
    if (next !== DEFAULT_LEAD_TAB) search.set('tab', next);
    void navigate({ pathname: '/dashboard', search: search.toString() }, { replace: !onTeamPage });
  };
  return { tab, onTabChange };
}

/**
 * The lead dashboard with its team tab: the team's sections, then the Client-Editor
 * Assignments card and the Client Team Leads card with the team's client team leads.
 */
export function LeadDashboardScreen({ onTeamPage = false }: { onTeamPage?: boolean }) {
  return (
    <LeadDashboard
      {...useTabInAddress(onTeamPage)}
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
