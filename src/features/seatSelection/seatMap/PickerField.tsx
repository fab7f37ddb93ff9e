import styled from 'styled-components';

/** A label above its select, as the seat list and the seat filters lay out their pickers. */
export const PickerField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;

  select {
    min-height: ${({ theme }) => theme.minTarget};
    font: inherit;
  }
`;
