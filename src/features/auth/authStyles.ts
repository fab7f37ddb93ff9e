import styled from 'styled-components';

/** The account pages' forms and answers: a readable measure, not the page's full width. */
export const Narrow = styled.div`
  max-width: 32rem;
`;

export const ResultHeading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.large};
`;

/** Something done: a success edge, on the success surface the theme keeps readable. */
export const Result = styled.div`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.successSurface};

  p {
    margin: 0;
  }

  p + p {
    margin-top: ${({ theme }) => theme.space[2]}px;
  }
`;

/** A refusal with ways out: on the page's own background, so its links keep their colours. */
export const Refusal = styled.div`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.error};

  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
`;

/** Why a form is still showing after a submit, above its button. */
export const Problem = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};
`;

/** The other ways from a form (forgotten password, create an account). */
export const Ways = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[2]}px ${theme.space[5]}px`};
  margin: ${({ theme }) => theme.space[4]}px 0 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-block;
    min-height: 24px;
    padding: ${({ theme }) => theme.space[1]}px 0;
  }
`;
