import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ALLENAMENTI_MSG } from '../../../common/trainings/messages';
import { giornoLabel, type Allenamento } from '../../../common/trainings/rules';
import { shortTime } from '../../../common/core/date-text';
import { VISUALLY_HIDDEN } from '../../components/visuallyHidden';
import { GIORNI_NUM, capitalized, formatDate, type Band, type categoryColors } from './grid';

const M = ALLENAMENTI_MSG;
export const SEVEN_COLUMNS = 'repeat(7, minmax(0, 1fr))';

type ColorOf = ReturnType<typeof categoryColors>;

/** One series: category, times, rooms and period; editors open it with a click (its name starts with the pitch and the day). */
function SeriesBlock({ s, place, today, colorOf, onOpen }: { s: Allenamento; place: string; today: string; colorOf: ColorOf; onOpen?: (s: Allenamento) => void }) {
  const color = colorOf(s.gruppo);
  const ended = s.al < today;
  const rooms = M.rooms(s.spogliatoi);
  const content = (
    <>
      {onOpen && (
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {place}{' '}
        </Box>
      )}
      <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
        {shortTime(s.oraInizio)}-{shortTime(s.oraFine)}
      </Box>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }} data-testid="allenamento-gruppo">
        {s.gruppo}
      </Box>
      {s.spogliatoi.length > 0 && (
        <Box component="span" sx={{ display: 'block' }}>
          {rooms}
        </Box>
      )}
      <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
        {M.periodShort(formatDate(s.dal), formatDate(s.al))}
      </Box>
      {(s.saltate.length > 0 || ended) && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontStyle: 'italic' }}>
          {[ended ? M.ended : null, s.saltate.length > 0 ? M.skippedCount(s.saltate.length) : null].filter(Boolean).join(' · ')}
        </Box>
      )}
    </>
  );
  const sx = {
    display: 'block',
    width: '100%',
    boxSizing: 'border-box',
    textAlign: 'left',
    font: 'inherit',
    fontSize: 12,
    lineHeight: 1.35,
    px: 0.75,
    py: 0.5,
    color: 'text.primary',
    bgcolor: color.bg,
    border: 1,
    borderColor: color.edge,
    borderLeftWidth: 4,
    borderStyle: ended ? 'dashed' : 'solid',
    borderRadius: 1,
    overflowWrap: 'anywhere',
  } as const;
  return (
    <Box component="li" sx={{ mb: 0.75 }} data-testid="allenamento-block" data-id={s.id}>
      {onOpen ? (
        <Box
          component="button"
          type="button"
          onClick={() => onOpen(s)}
          sx={{ ...sx, cursor: 'pointer', '&:hover': { boxShadow: 2 }, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 } }}
        >
          {content}
        </Box>
      ) : (
        <Box sx={sx}>{content}</Box>
      )}
    </Box>
  );
}

/** A pitch's band: its name, then its seven days (side by side from md, stacked on a phone with only the days it trains). */
export function CampoBand({
  band,
  today,
  colorOf,
  onOpen,
  onAdd,
}: {
  band: Band;
  today: string;
  colorOf: ColorOf;
  onOpen?: (s: Allenamento) => void;
  onAdd?: (campo: string, giorno: number) => void;
}) {
  const headingId = `allenamenti-campo-${band.key.replace(/[^a-z0-9]/gi, '_')}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="allenamenti-campo" data-campo={band.campo} sx={{ mb: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, px: 1, py: 0.5, bgcolor: 'grey.100', borderRadius: 1, mb: 1 }}>
        {band.campo}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({M.count(band.count)})
        </Typography>
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: SEVEN_COLUMNS }, columnGap: 1 }}>
        {GIORNI_NUM.map((giorno) => {
          const items = band.days[giorno - 1];
          const day = giornoLabel(giorno);
          return (
            <Box
              key={giorno}
              data-testid="allenamenti-day"
              data-giorno={giorno}
              sx={{
                display: { xs: items.length > 0 ? 'block' : 'none', md: 'block' },
                minWidth: 0,
                minHeight: { md: 56 },
                borderLeft: { md: giorno > 1 ? 1 : 0 },
                borderColor: { md: 'divider' },
                pl: { md: giorno > 1 ? 1 : 0 },
                mb: { xs: 1, md: 0 },
              }}
            >
              <Typography variant="subtitle2" component="h3" sx={{ display: { xs: 'block', md: 'none' }, mb: 0.5 }}>
                {capitalized(day)}
              </Typography>
              <Box component="ul" aria-label={M.cell(band.campo, day)} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {items.map((s) => (
                  <SeriesBlock key={s.id} s={s} place={M.blockPlace(band.campo, day)} today={today} colorOf={colorOf} onOpen={onOpen} />
                ))}
              </Box>
              {onAdd && (
                <IconButton size="small" aria-label={M.addHere(band.campo, day)} onClick={() => onAdd(band.campo, giorno)} sx={{ color: 'text.secondary', display: { xs: 'none', md: 'inline-flex' } }}>
                  <AddIcon fontSize="small" />
                </IconButton>
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
