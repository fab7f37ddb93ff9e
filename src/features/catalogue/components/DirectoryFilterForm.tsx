import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import type { Region } from '@contract/regions';
import { SecondaryButton } from '@/components/Button';
import {
  WHEN_OPTIONS,
  cityKey,
  hasFilters,
  type DirectoryFilters,
  type When,
} from '../directoryFilters';

export interface PlaceOptions {
  /** Regions in the buyer's order, each with its cities. */
  regions: { region: Region; cities: string[] }[];
  venues: { slug: string; name: string }[];
}

type Props = {
  filters: DirectoryFilters;
  options: PlaceOptions;
  /** The earliest day worth asking for: today, on the buyer's clock. */
  minDate: string;
  onChange: (next: DirectoryFilters) => void;
};

/**
 * Search and three filters, one per idea (where, which venue, when). Plain controls, each with
 * its label; results follow every change, so there is no submit button (Enter does nothing more).
 */
export function DirectoryFilterForm({ filters, options, minDate, onChange }: Props) {
  const intl = useIntl();
  const id = useId();
  const set = (patch: Partial<DirectoryFilters>) => onChange({ ...filters, ...patch });
  const regionName = (region: Region) => intl.formatMessage({ id: `directory.region.${region}` });

  return (
    <Form
      role="search"
      aria-label={intl.formatMessage({ id: 'directory.filters.label' })}
      onSubmit={(event) => event.preventDefault()}
    >
      <Field $wide>
        <label htmlFor={`${id}-q`}>
          <FormattedMessage id="directory.filters.search" />
        </label>
        <Control
          as="input"
          id={`${id}-q`}
          name="q"
          type="search"
          autoComplete="off"
          maxLength={100}
          value={filters.q}
          onChange={(event) => set({ q: event.currentTarget.value })}
        />
      </Field>

      <Field>
        <label htmlFor={`${id}-where`}>
          <FormattedMessage id="directory.filters.where" />
        </label>
        <Control
          as="select"
          id={`${id}-where`}
          name="where"
          value={filters.where}
          onChange={(event) => set({ where: event.currentTarget.value })}
        >
          <option value="">{intl.formatMessage({ id: 'directory.filters.where.any' })}</option>
          {options.regions.map(({ region, cities }) => (
            <optgroup key={region} label={regionName(region)}>
              <option value={region}>
                {intl.formatMessage(
                  { id: 'directory.filters.where.region' },
                  { region: regionName(region) },
                )}
              </option>
              {cities.map((city) => (
                <option key={city} value={cityKey(region, city)}>
                  {city}
                </option>
              ))}
            </optgroup>
          ))}
        </Control>
      </Field>

      <Field>
        <label htmlFor={`${id}-venue`}>
          <FormattedMessage id="directory.filters.venue" />
        </label>
        <Control
          as="select"
          id={`${id}-venue`}
          name="venue"
          value={filters.venue}
          onChange={(event) => set({ venue: event.currentTarget.value })}
        >
          <option value="">{intl.formatMessage({ id: 'directory.filters.venue.any' })}</option>
          {options.venues.map((venue) => (
            <option key={venue.slug} value={venue.slug}>
              {venue.name}
            </option>
          ))}
        </Control>
      </Field>

      <Field>
        <label htmlFor={`${id}-when`}>
          <FormattedMessage id="directory.filters.when" />
        </label>
        <Control
          as="select"
          id={`${id}-when`}
          name="when"
          value={filters.when}
          onChange={(event) => {
            const when = event.currentTarget.value as When | '';
            set({ when, date: when === 'date' ? filters.date : '' });
          }}
        >
          <option value="">{intl.formatMessage({ id: 'directory.filters.when.any' })}</option>
          {WHEN_OPTIONS.map((when) => (
            <option key={when} value={when}>
              {intl.formatMessage({ id: `directory.filters.when.${when}` })}
            </option>
          ))}
        </Control>
      </Field>

      {filters.when === 'date' && (
        <Field>
          <label htmlFor={`${id}-date`}>
            <FormattedMessage id="directory.filters.date" />
          </label>
          <Control
            as="input"
            id={`${id}-date`}
            name="date"
            type="date"
            min={minDate}
            value={filters.date}
            onChange={(event) => set({ date: event.currentTarget.value })}
          />
        </Field>
      )}

      {hasFilters(filters) && (
        <Clear>
          <SecondaryButton
            type="button"
            onClick={() => onChange({ q: '', where: '', venue: '', when: '', date: '' })}
          >
            <FormattedMessage id="directory.filters.clear" />
          </SecondaryButton>
        </Clear>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr));
  gap: ${({ theme }) => `${theme.space[3]}px ${theme.space[4]}px`};
  align-items: end;
  margin-block-end: ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  /* One row on a laptop: the search twice as wide as each filter. */
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr);
    grid-auto-flow: column;
    grid-auto-columns: minmax(0, 1fr);
  }
`;

const Field = styled.div<{ $wide?: boolean }>`
  min-width: 0;
  ${({ $wide }) =>
    $wide &&
    css`
      grid-column: 1 / -1;
    `}

  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-column: auto;
  }

  label {
    display: block;
    margin-block-end: ${({ theme }) => theme.space[1]}px;
    font-weight: 600;
  }
`;

const Control = styled.input`
  display: block;
  width: 100%;
  min-height: ${({ theme }) => theme.minTarget};
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border: 2px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &:focus-visible {
    outline: ${({ theme }) => `${theme.focusRingWidth} solid ${theme.colors.focusRing}`};
    outline-offset: 2px;
  }
`;

const Clear = styled.div`
  button {
    width: 100%;
  }
`;
