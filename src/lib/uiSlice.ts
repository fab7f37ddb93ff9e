import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** App-wide presentation state that no single feature owns. */
export interface UiState {
  /** The current page's own title; the frame adds the site suffix and writes document.title. */
  pageTitle: string | null;
}

const initialState: UiState = { pageTitle: null };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    pageTitleChanged: (state, action: PayloadAction<string | null>) => {
      state.pageTitle = action.payload;
    },
  },
  selectors: {
    selectPageTitle: (state) => state.pageTitle,
  },
});

export const { pageTitleChanged } = uiSlice.actions;
export const { selectPageTitle } = uiSlice.selectors;
