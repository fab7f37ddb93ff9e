import 'styled-components';
import type { Theme } from './buildTheme';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the module augmentation pattern styled-components documents
  export interface DefaultTheme extends Theme {}
}
