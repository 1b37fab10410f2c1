#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <deque>
#include <vector>

namespace cw::inline ingest {

// Finds what QJsonDocument accepts silently in one JSON Lines record: a key
// twice in one object (it keeps the last), a NUL character (raw, or written
// \u0000) and a lone UTF-16 surrogate (it stores '?'). One pass over the raw
// bytes, run on lines the JSON parser has already accepted; reused across
// lines so that it allocates only while records grow deeper or wider.
class IngestLineCheck
{
public:
    // Empty when the line is clean, else the reason naming the field:
    //   field "id": contains a NUL character (\u0000)
    //   duplicate key "tags" (at column 58)
    QString check(QByteArrayView line);

private:
    struct Frame
    {
        bool object = false;
        bool expectKey = false;
        QByteArrayView key; // the key whose value is being read (objects)
        std::vector<QByteArrayView> keys;
    };
    struct StringScan
    {
        qsizetype end = 0; // index of the closing quote
        bool escaped = false;
        QString problem;
    };

    static StringScan scanString(QByteArrayView line, qsizetype open);
    static QByteArray decodeKey(QByteArrayView raw);
    QString fieldPath(QByteArrayView last = {}) const;
    Frame &push(bool object);

    std::vector<Frame> m_frames;
    qsizetype m_depth = 0;
    std::deque<QByteArray> m_decodedKeys; // owners of decoded escaped keys
};

} // namespace cw::inline ingest
