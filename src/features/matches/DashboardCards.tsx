import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { MatchBadge } from './MatchBadge';
import AddIcon from '@mui/icons-material/Add';
import { MSG } from '../../../common/core/messages';
import { CLASH_MSG, moreClashes, type Clash, type ListedClashes } from '../../../common/occupancy/rules';
import { DASHBOARD_MSG } from '../../../common/matches/messages';
import type { Partita } from '../../../common/matches/read';
import { STATUS_MSG } from '../../../common/status/rules';
import { useCategoryNames } from '../../api/categoriesApi';
import { paths } from '../../config/paths';
import { MatchCard } from './MatchCard';

// The signed-in dashboard's pieces around its list (DashboardPage.tsx).

/** A fresh install's dashboard says what to do first (docs/screens.md): a category, then the first match. */
export function FirstSteps({ isAdmin }: { isAdmin: boolean }) {
  const { names, loaded } = useCategoryNames();
  if (!loaded) return null;
  const needCategory = names.length === 0;
  // Only an administrator creates categories (docs/users.md): an editor is told whom to ask.
  if (needCategory && !isAdmin) {
    return (
      <Typography sx={{ mt: 2, textAlign: 'center' }} data-testid="first-steps">
        {DASHBOARD_MSG.firstCategoryAskAdmin}
      </Typography>
    );
  }
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }} data-testid="first-steps">
      <Typography sx={{ mb: 1.5 }}>{needCategory ? DASHBOARD_MSG.firstCategory : DASHBOARD_MSG.firstMatch}</Typography>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        component={RouterLink}
        to={needCategory ? paths.groups.getHref() : paths.addMatch.getHref()}
      >
        {needCategory ? DASHBOARD_MSG.createCategory : MSG.dashboard.addMatch}
      </Button>
    </Box>
  );
}

/** A card of the signed-in dashboard, outlined in red with its clashes listed when it has any (docs/occupancy.md). */
export function ClashMarkedCard({
  partita,
  clashes,
  onOpen,
  sample,
  nonIdonei,
  highlighted,
  designazioni,
  convocazione,
}: {
  partita: Partita;
  /** Its first clashes and how many it has (common/occupancy/rules.ts clashesOfAll). */
  clashes: ListedClashes<Clash<Partita>> | undefined;
  onOpen: (p: Partita) => void;
  sample: boolean;
  /** Its players whose certificate will not cover its day (docs/players.md, expiry alerts). */
  nonIdonei?: { label: string; hint: string };
  highlighted: boolean;
  designazioni?: string;
  convocazione?: string;
}) {
  const card = (
    <MatchCard
      partita={partita}
      onClick={() => onOpen(partita)}
      dense
      sample={sample}
      highlighted={highlighted}
      badge={nonIdonei && <MatchBadge color="warning" label={nonIdonei.label} title={nonIdonei.hint} testId="match-non-idonei" />}
      notes={
        <>
          {designazioni && (
            <Typography variant="body2" color="text.secondary" data-testid="match-designazioni">
              {designazioni}
            </Typography>
          )}
          {convocazione && (
            <Typography variant="body2" color="text.secondary" data-testid="match-convocazione">
              {convocazione}
            </Typography>
          )}
        </>
      }
    />
  );
  if (!clashes) return card;
  const more = moreClashes(clashes);
  return (
    <Box data-testid="clash-card" sx={{ outline: '2px solid', outlineColor: 'error.main', borderRadius: 1 }}>
      {card}
      <Box sx={{ px: 2, py: 1, color: 'error.main', fontSize: 14 }}>
        <strong>{CLASH_MSG.cardMark(clashes.total)}</strong> {[...clashes.listed.map((c) => c.messaggio), ...(more ? [more] : [])].join(' · ')}
      </Box>
    </Box>
  );
}

/** A card with its selection checkbox on the left for the status actions (docs/matches.md, status; editors and admins). */
export function SelectableCard({
  partita,
  show,
  checked,
  onToggle,
  children,
}: {
  partita: Partita;
  show: boolean;
  checked: boolean;
  onToggle: (id: number, on: boolean) => void;
  children: ReactNode;
}) {
  if (!show) return <>{children}</>;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
      <Checkbox
        checked={checked}
        onChange={(e) => onToggle(partita.id, e.target.checked)}
        slotProps={{ input: { 'aria-label': STATUS_MSG.selectOne(`${partita.squadracasa} - ${partita.squadratrasferta}`, dayjs(partita.data).format('DD/MM/YYYY')) } }}
        sx={{ mt: 1 }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
