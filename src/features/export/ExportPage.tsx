import { useCallback, useState, type SyntheticEvent } from 'react';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { EXPORT_MSG } from '../../../common/export/rules';
import { todayIn } from '../../../common/core/dates';
import { PickersProvider } from '../../components/PickersProvider';
import { useClubConfig } from '../../store/useClubConfig';
import { DayPanel } from './DayPanel';
import { TablePanel } from './TablePanel';
import { WeekPanel } from './WeekPanel';
import { PageHeader } from '../../components/PageFrame';

const TABS = ['table', 'week', 'day'] as const;
type TabKey = (typeof TABS)[number];

/** Estrazione (docs/export.md): Tabella, Settimana, Giorno; nothing can be switched while a preview or file is under way. */
export default function ExportPage() {
  const { timezone } = useClubConfig();
  const today = todayIn(timezone);
  const [tab, setTab] = useState<TabKey>('table');
  const [busyTabs, setBusyTabs] = useState<Record<TabKey, boolean>>({ table: false, week: false, day: false });
  const busy = busyTabs.table || busyTabs.week || busyTabs.day;
  const { enqueueSnackbar } = useSnackbar();

  const reporters = {
    table: useCallback((b: boolean) => setBusyTabs((s) => (s.table === b ? s : { ...s, table: b })), []),
    week: useCallback((b: boolean) => setBusyTabs((s) => (s.week === b ? s : { ...s, week: b })), []),
    day: useCallback((b: boolean) => setBusyTabs((s) => (s.day === b ? s : { ...s, day: b })), []),
  };

  // The tabs look disabled while busy but still take the click, to say why nothing happens.
  const onTab = (_e: SyntheticEvent, next: TabKey) => {
    if (next === tab) return;
    if (busy) enqueueSnackbar(EXPORT_MSG.busy, { variant: 'warning', preventDuplicate: true });
    else setTab(next);
  };

  return (
    <PickersProvider>
      <PageHeader title={EXPORT_MSG.title} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Tabs value={tab} onChange={onTab} aria-label={EXPORT_MSG.screen.tabsLabel} sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
          {TABS.map((k) => (
            <Tab
              key={k}
              value={k}
              id={`export-tab-${k}`}
              aria-controls={`export-panel-${k}`}
              label={EXPORT_MSG.tabs[k]}
              aria-disabled={busy && k !== tab ? true : undefined}
              sx={busy && k !== tab ? { opacity: 0.38 } : undefined}
            />
          ))}
        </Tabs>
        {/* Every panel stays mounted, so its dates and preview survive a tab switch. */}
        {TABS.map((k) => (
          <Box key={k} role="tabpanel" id={`export-panel-${k}`} aria-labelledby={`export-tab-${k}`} hidden={k !== tab}>
            {k === 'table' && <TablePanel today={today} disabled={busy} onBusyChange={reporters.table} />}
            {k === 'week' && <WeekPanel today={today} disabled={busy} onBusyChange={reporters.week} />}
            {k === 'day' && <DayPanel today={today} disabled={busy} onBusyChange={reporters.day} />}
          </Box>
        ))}
      </Paper>
    </PickersProvider>
  );
}
