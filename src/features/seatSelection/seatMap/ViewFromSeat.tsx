import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import type { SeatMapModel } from './model';
import { seatName } from './seatName';
import { seatOutlook, type SeatOutlook } from './seatOutlook';

const WIDTH = 320;
const HEIGHT = 180;

/**
 * A drawn impression of the stage from one seat (venue setting `viewFromSeat`): the stage
 * shrinks with the row's depth, slides across with the seat's place in the row, drops lower in
 * the frame from a higher part of house, and a restricted view shows the overhang or pillar in
 * the way. Generated here from the plan; no photographs are fetched.
 */
export function ViewFromSeat({ model, seat }: { model: SeatMapModel; seat: number }) {
  const intl = useIntl();
  const name = seatName(model, seat, intl);
  return (
    <StageView
      outlook={seatOutlook(model, seat)}
      label={intl.formatMessage({ id: 'seatMap.viewFromSeat.imageLabel' }, { seat: name })}
      caption={<FormattedMessage id="seatMap.viewFromSeat.caption" values={{ seat: name }} />}
    />
  );
}

type StageViewProps = { outlook: SeatOutlook; label: string; caption: ReactNode };

/** The drawing itself, from any place in the house (a seat, or a general-admission area). */
export function StageView({ outlook, label, caption }: StageViewProps) {
  const theme = useTheme();
  const { depth, side, elevation, restrictedView } = outlook;
  const scale = 1 - depth * 0.55 - elevation * 0.15;
  const stageWidth = 250 * scale;
  const centre = WIDTH / 2 - side * 70 * (1 - depth * 0.4);
  const floorTop = 70 + elevation * 35;
  const floorDepth = (14 + elevation * 40) * scale;
  const archHeight = 90 * scale;
  const headRows = depth === 0 && elevation === 0 ? 0 : 1 + Math.round(depth * 2);
  const stage = [
    [centre - stageWidth * 0.42, floorTop],
    [centre + stageWidth * 0.42, floorTop],
    [centre + stageWidth / 2, floorTop + floorDepth],
    [centre - stageWidth / 2, floorTop + floorDepth],
  ]
    .map(([px, py]) => `${px!.toFixed(1)},${py!.toFixed(1)}`)
    .join(' ');

  return (
    <figure>
      <Picture viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
        <rect width={WIDTH} height={HEIGHT} fill={theme.colors.surface} />
        <rect
          x={centre - stageWidth / 2}
          y={floorTop - archHeight}
          width={stageWidth}
          height={archHeight + floorDepth}
          fill="none"
          stroke={theme.colors.textMuted}
          strokeWidth={6 * scale}
        />
        <polygon points={stage} fill={theme.colors.accent} stroke={theme.colors.text} />
        {Array.from({ length: headRows }, (_, row) =>
          Array.from({ length: 9 }, (_, k) => (
            <circle
              key={`${row}-${k}`}
              cx={(k + 0.5) * (WIDTH / 9) + (row % 2) * 18}
              cy={HEIGHT - row * 16 + 4}
              r={14 - row * 2}
              fill={theme.colors.textMuted}
            />
          )),
        )}
        {restrictedView && (
          <rect
            x={side < 0 ? centre - stageWidth * 0.1 : centre - stageWidth * 0.35}
            y={0}
            width={28}
            height={HEIGHT}
            fill={theme.colors.text}
          />
        )}
        {restrictedView && elevation === 0 && (
          <rect width={WIDTH} height={floorTop - archHeight * 0.4} fill={theme.colors.text} />
        )}
      </Picture>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

const Picture = styled.svg`
  display: block;
  width: 100%;
  max-width: ${WIDTH * 1.5}px;
  height: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;
