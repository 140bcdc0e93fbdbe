import CHarfBuzz
import LayoutEngine

/// An open font at one size: a FreeType face sized with `FT_Set_Char_Size` and the HarfBuzz
/// font made on it (`hb_ft_font_create_referenced`, which holds the face).
struct SizedFont {
    var weight: Font.Weight
    var pointSize: Double
    var font: OpaquePointer
    /// When it was last used (``TextMeasurer/fontUseClock``).
    var lastUse: Int
}

extension TextMeasurer {
    /// The sample the estimate's average advance is taken over: an English pangram, whose
    /// share of spaces (8 in 43) is close to running text's.
    static let averageAdvanceSample = "The quick brown fox jumps over the lazy dog"

    /// Opens `weight`'s file, checks that it is a scalable font, and reads its metrics.
    static func readFace(_ weight: Font.Weight, fonts: FontFiles, library: FT_Library) throws(TextError) -> FaceMetrics {
        guard let path = fonts.paths[weight], FontFiles.isReadableFile(path) else {
            let path = fonts.paths[weight] ?? "(none given)"
            throw TextError(
                .fontNotFound, path: path,
                "The \(weight.rawValue) font file \(path) does not exist or cannot be read. Install Debian's "
                    + "\(FontFiles.debianPackage) (apt-get install \(FontFiles.debianPackage)), or pass the path of Inter's "
                    + "\(FontFiles.fileNames[weight]?.first ?? weight.rawValue).")
        }
        var opened: FT_Face?
        guard FT_New_Face(library, path, 0, &opened) == 0, let face = opened else {
            throw TextError(.fontUnreadable, path: path, "FreeType cannot open \(path) as a font (FT_New_Face failed).")
        }
        defer { FT_Done_Face(face) }
        let record = face.pointee
        guard record.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, record.units_per_EM > 0 else {
            throw TextError(.fontUnreadable, path: path, "\(path) is not a scalable (outline) font.")
        }
        var capHeight = 0
        var xHeight = 0
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            capHeight = Int(os2.sCapHeight)
            xHeight = Int(os2.sxHeight)
        }
        var total = 0
        var count = 0
        for scalar in averageAdvanceSample.unicodeScalars {
            var advance: FT_Fixed = 0
            let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard FT_Get_Advance(face, glyph, FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { continue }
            total += advance
            count += 1
        }
        return FaceMetrics(
            unitsPerEm: Int(record.units_per_EM),
            ascender: Int(record.ascender),
            descender: Int(record.descender),
            lineGap: Int(record.height) - Int(record.ascender) + Int(record.descender),
            capHeight: capHeight,
            xHeight: xHeight,
            averageAdvance: count == 0 ? Double(record.units_per_EM) / 2 : Double(total) / Double(count))
    }

    /// The HarfBuzz font of `font`'s weight at its size: an open one, or one opened now (and the
    /// least recently used closed when ``sizedFontLimit`` are open).
    ///
    /// The size goes to FreeType in 26.6 points at 72 dpi, so a point is a pixel and a size is
    /// kept to 1/64 point; HarfBuzz's positions are then in 1/64 point.
    ///
    /// - Throws: ``TextError`` with ``TextError/Code/fontUnreadable`` when the file no longer
    ///   opens, ``TextError/Code/freeTypeFailed`` when FreeType refuses the size.
    func sizedFont(_ font: Font) throws(TextError) -> OpaquePointer {
        fontUseClock += 1
        for index in sizedFonts.indices where sizedFonts[index].weight == font.weight && sizedFonts[index].pointSize == font.pointSize {
            sizedFonts[index].lastUse = fontUseClock
            return sizedFonts[index].font
        }
        let path = fonts.paths[font.weight] ?? ""
        var opened: FT_Face?
        guard FT_New_Face(library, path, 0, &opened) == 0, let face = opened else {
            throw TextError(.fontUnreadable, path: path, "FreeType can no longer open \(path) (FT_New_Face failed).")
        }
        let charSize = max(FT_F26Dot6((font.pointSize * 64).rounded()), 1)
        guard FT_Set_Char_Size(face, 0, charSize, 72, 72) == 0 else {
            FT_Done_Face(face)
            throw TextError(.freeTypeFailed, path: path, "FreeType cannot size \(path) at \(font.pointSize) points.")
        }
        // The HarfBuzz font takes a reference of its own to the face; ours goes.
        let hbFont = hb_ft_font_create_referenced(face)
        FT_Done_Face(face)
        guard let hbFont else {
            throw TextError(.freeTypeFailed, path: path, "HarfBuzz could not make a font of \(path).")
        }
        if sizedFonts.count >= Self.sizedFontLimit,
            let oldest = sizedFonts.indices.min(by: { sizedFonts[$0].lastUse < sizedFonts[$1].lastUse })
        {
            hb_font_destroy(sizedFonts[oldest].font)
            sizedFonts.remove(at: oldest)
        }
        sizedFonts.append(SizedFont(weight: font.weight, pointSize: font.pointSize, font: hbFont, lastUse: fontUseClock))
        return hbFont
    }
}
