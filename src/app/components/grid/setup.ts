// AG Grid community for relbench: the modules every grid of the app needs, registered once (AG Grid refuses
// to run without a registration since v33), the theme and the grid's own texts per language. Import grids
// only from screens (this pulls in about 1 MB of AG Grid); the shell's e2e fails if it reaches the first bundle.
import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  EventApiModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PinnedRowModule,
  RenderApiModule,
  RowApiModule,
  RowStyleModule,
  ScrollApiModule,
  TextEditorModule,
  TextFilterModule,
  TooltipModule,
  ValidationModule,
} from "ag-grid-community";

let registered = false;

export function ensureGridModules(): void {
  if (registered) return;
  registered = true;
  ModuleRegistry.registerModules([
    ClientSideRowModelModule,
    ClientSideRowModelApiModule,
    InfiniteRowModelModule,
    TextEditorModule,
    TextFilterModule,
    NumberFilterModule,
    CellStyleModule,
    RowStyleModule,
    PinnedRowModule,
    TooltipModule,
    ColumnAutoSizeModule,
    ColumnApiModule,
    RowApiModule,
    RenderApiModule,
    ScrollApiModule,
    EventApiModule,
    // localeText (useGridLocale) needs it, or AG Grid reports error #200 and stays in English.
    LocaleModule,
    // Explains misconfigured options in development; left out of production builds.
    ...(import.meta.env?.PROD ? [] : [ValidationModule]),
  ]);
}
