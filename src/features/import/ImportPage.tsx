import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { IMPORT_MSG as M } from '../../../common/import/messages';
import { MSG } from '../../../common/core/messages';
import { DASHBOARD_MSG } from '../../../common/matches/messages';
import { paths } from '../../config/paths';
import { PageHeader } from '../../components/PageFrame';
import { useCategoryNames } from '../../api/categoriesApi';
import { ImportResult } from './ImportResult';
import { MappingPanel } from './MappingPanel';
import { PreviewPanel } from './PreviewPanel';
import { SourcePicker } from './SourcePicker';
import { useImport } from './useImport';
import { useUnsavedChanges } from '../../components/form/UnsavedChanges';

/**
 * Importa partite (docs/import.md): a file or pasted cells, each column mapped to a field, the rows
 * checked with the form's rules and previewed with their problems, the valid ones imported; the
 * rows with problems stay to be corrected or downloaded. The work is in useImport.
 */
export default function ImportPage() {
  const categories = useCategoryNames();
  const im = useImport();
  // Pasted cells not yet read, or a file read and nothing imported from it yet: leaving asks first
  // (docs/screens.md). Right after an import nothing is asked: the rows with problems stay for the file of them.
  const [pasted, setPasted] = useState(false);
  useUnsavedChanges((pasted && !im.finished) || (im.table !== null && im.dataRows > 0 && im.created === null));

  return (
    <Stack spacing={2}>
      <PageHeader title={M.title} />
      {categories.loaded && categories.names.length === 0 && (
        // A fresh install (docs/screens.md): every imported match needs a category first.
        <Alert severity="info" action={<Button component={RouterLink} to={paths.groups.getHref()}>{DASHBOARD_MSG.createCategory}</Button>}>
          {MSG.groups.noCategoriesForMatch}
        </Alert>
      )}

      {im.created && <ImportResult created={im.created} remaining={im.dataRows} onAgain={im.startAgain} />}

      {!im.finished && (
        <>
          <SourcePicker onRead={im.read} onPastedChange={setPasted} />
          {im.table && (
            <MappingPanel
              source={im.source}
              table={im.table}
              dataRows={im.dataRows}
              hasHeader={im.hasHeader}
              mapping={im.mapping}
              fixed={im.fixed}
              categories={im.check?.gruppi ?? []}
              onHeaderChange={im.changeHeader}
              onMappingChange={im.changeMapping}
              onFixedChange={im.setFixed}
            />
          )}
          {im.table && <PreviewPanel preview={im.preview} />}
        </>
      )}
    </Stack>
  );
}
