// Shim for the CHarfBuzz system-library target: HarfBuzz's shaping API and FreeType's font
// loading, from Debian's libharfbuzz-dev and libfreetype-dev (pkg-config `harfbuzz`, whose
// flags carry freetype2's include folder).
//
// LayoutText loads a font file with FreeType (FT_New_Face), sizes it (FT_Set_Char_Size) and
// shapes with HarfBuzz on that face (hb_ft_font_create_referenced), so the advances are
// FreeType's, in 26.6 fixed point. The OpenType tables' metrics (hhea, OS/2) come from
// FT_Get_Sfnt_Table, and unscaled advances (for the estimate of an over-long text) from
// FT_Get_Advance.
#ifndef LAYOUTBENCH_CHARFBUZZ_H
#define LAYOUTBENCH_CHARFBUZZ_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_ADVANCES_H

#include <hb.h>
#include <hb-ft.h>

#endif
