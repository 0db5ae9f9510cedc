import { DataGrid, type DataGridProps } from '@mui/x-data-grid';
import { itIT } from '@mui/x-data-grid/locales';

const localeText = itIT.components.MuiDataGrid.defaultProps.localeText;

/** DataGrid with its Italian texts; lives in the chunks of the screens that use it, never the public page's. */
export default function ItalianDataGrid(props: DataGridProps) {
  return <DataGrid {...props} localeText={{ ...localeText, ...props.localeText }} />;
}
